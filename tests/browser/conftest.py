"""One Chromium for every browser test module (each test opens its own context or page;
a module closes what it opened when it ends)."""
from __future__ import annotations

import os
import shutil

import pytest


@pytest.fixture(scope="session")
def shared_chromium():
    from tests.browser.test_widget_browser import ARGS, CHROMIUM, MISSING
    if MISSING:
        pytest.fail(MISSING)
    from playwright import sync_api
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM if os.path.exists(CHROMIUM)
                                    else shutil.which("chromium"), args=ARGS)
        yield browser
        browser.close()


def close_contexts(browser) -> None:
    """Closes the pages and contexts a module left open (their polling would go on)."""
    for context in list(browser.contexts):
        context.close()
