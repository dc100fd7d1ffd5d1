"""Every string of the web desk comes from its translation files (desk/src/locales): each
language has every message of the English file (each plural message at least its
``other`` form) with the same placeholders, and every key the sources ask for exists."""
from __future__ import annotations

import json
import re

import pytest

from tests.support.spec import ROOT

LOCALES = ROOT / "desk" / "src" / "locales"
WIDGET = ROOT / "chalicelib" / "static" / "widget-locales"
LANGUAGES = ("de", "fr", "es", "it", "pt-BR", "ru")
PLURAL = re.compile(r"\.(zero|one|two|few|many|other)$")
HOLE = re.compile(r"\{(\w+)\}")


def load(lang: str, where=LOCALES) -> dict[str, str]:
    return json.loads((where / f"{lang}.json").read_text(encoding="utf-8"))


def messages(table: dict[str, str]) -> dict[str, set[str]]:
    """message -> the placeholders of all its forms."""
    out: dict[str, set[str]] = {}
    for key, text in table.items():
        out.setdefault(PLURAL.sub("", key), set()).update(HOLE.findall(text))
    return out


@pytest.mark.parametrize("where", [LOCALES, WIDGET], ids=["desk", "widget"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_every_message_with_its_placeholders(lang, where):
    english, other = load("en", where), load(lang, where)
    missing = [k for k in english if k not in other and not
               (PLURAL.search(k) and PLURAL.sub("", k) + ".other" in other)]
    assert not missing, missing
    want, got = messages(english), messages(other)
    assert set(got) == set(want)
    wrong = {k: (want[k], got[k]) for k in want if got[k] - want[k] - {"count"}}
    assert not wrong, wrong
    same = [k for k in english if other.get(k) == english[k] and HOLE.sub("", english[k]).strip()
            and not re.fullmatch(r"[\W\d]*|[A-Z:./ -]+|V:TES|MTG|\.hack//ENEMY|Deck|Decks|Format|"
                                 r"Match|Pod \{n\}|Final|Finale|top \{n\}|Status|Name|bye|\+ bye|"
                                 r"Munchkin CCG|Sealed|Booster draft|Booster-Draft|Judging|"
                                 r"\{name\} \(\{role\}\)|Podium.*", english[k])]
    assert len(same) <= 14, f"{lang}: left in English: {same}"


def test_every_key_the_desk_asks_for_exists():
    english = messages(load("en"))
    used = set()
    for path in (ROOT / "desk" / "src").rglob("*.tsx"):
        used |= set(re.findall(r'\bt\("([a-z_.A-Z-]+)"', path.read_text()))
    assert used and not sorted(used - set(english))


def test_every_key_the_widget_asks_for_exists():
    english = messages(load("en", WIDGET))
    script = (ROOT / "chalicelib" / "static" / "widget.js").read_text()
    used = set(re.findall(r'\bt\("([a-z_A-Z-]+)"', script))
    used.discard("product_")              # t("product_" + format): the formats below
    used |= {"product_" + f for f in ("sealed", "sealed-swap", "booster-draft", "table-draft",
                                      "mixed-draft", "restricted-trade")}
    used |= {s for s in re.findall(r'"([a-z_]+)"', script) if s in ("champion", "finalist")}
    assert len(used) > 40 and not sorted(used - set(english))
    assert sorted({"dropped", "disqualified"} - set(english)) == []
