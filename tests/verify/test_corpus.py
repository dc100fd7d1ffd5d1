"""The tamper corpus holds at least 60 named cases and forges every aggregate the audit
log holds (issue 25): drafts of every kind, sealed, swap, trade, decks, Swiss, top cut,
V:TES tables and final, penalties and the clock. Each case itself is run, and must be
named by its event, in tests/e2e/test_whole_events.py and test_judged_tamper.py."""
from __future__ import annotations

from collections import Counter

from tests.verify.corpus import REQUIRED, cases


def test_the_corpus_is_large_and_covers_every_aggregate():
    corpus = cases()
    assert len(corpus) >= 60, len(corpus)
    assert len({(s, n) for s, n, _ in corpus}) == len(corpus), "a case named twice"
    counts = Counter(c for _, _, c in corpus)
    assert sorted(REQUIRED - set(counts)) == [], counts
    # the judges' records and the clock are forged several ways each
    assert counts["penalties"] >= 8 and counts["clock"] >= 6, counts
