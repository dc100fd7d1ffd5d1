"""One HTTP POST, no redirects followed, bounded time and response size."""
from __future__ import annotations

import urllib.error
import urllib.request

TIMEOUT_SECONDS = 5.0


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_opener = urllib.request.build_opener(_NoRedirect)


def post(url: str, body: bytes, headers: dict[str, str],
         timeout: float = TIMEOUT_SECONDS) -> tuple[int | None, str | None]:
    """(status code, error): a 2xx status and no error means delivered."""
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with _opener.open(request, timeout=timeout) as response:
            response.read(4096)
            return response.status, None
    except urllib.error.HTTPError as exc:
        return exc.code, f"HTTP {exc.code}"
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        return None, f"{type(exc).__name__}: {reason}"[:300]
