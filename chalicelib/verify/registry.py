"""Which domain replays each stream, which check each event type gets, and, for every
other event type, why it needs none or why it is not checked. A test fails when the
domain emits an event type listed nowhere here, so a new draw cannot go unchecked
unnoticed; renaming an event type is one line here."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..domain import streams
from ..domain.allegations.aggregate import ALLEGATIONS
from ..domain.clock.aggregate import CLOCK
from ..domain.decider import Decider
from ..domain.decks.aggregate import DECKS
from ..domain.draft.aggregate import DRAFT, POD
from ..domain.ffa.aggregate import FFA
from ..domain.judging.aggregate import JUDGING
from ..domain.mixed_draft import MIXED_DRAFT
from ..domain.product.aggregate import PLAYER_PRODUCT, PRODUCT_GATE
from ..domain.sealed import SEALED
from ..domain.swiss.aggregate import MATCH, SWISS
from ..domain.table_draft import TABLE_DRAFT
from ..domain.table_draft.aggregate import MIXED_DRAFT_ROSTER, TABLE_DRAFT_ROSTER
from ..domain.tables.aggregate import TABLE, TABLES
from ..domain.tournament import TOURNAMENT
from ..domain.trade import TRADE_POD
from ..domain.trade.aggregate import TRADE_PREP
from . import clock_checks as clock
from . import deck_checks as decks
from . import draft_checks as drafts
from . import judging_checks as judging
from . import product_checks as product
from . import sealed_checks as sealed
from . import swiss_checks as swiss
from . import tables_checks as tables
from . import tournament_checks as tournament

Check = Callable[..., list]


@dataclass(frozen=True)
class Family:
    """The streams of one aggregate: the decider that folds them, the checks by type."""

    decider: Decider[Any]
    checks: dict[str, Check] = field(default_factory=dict)


FAMILIES: dict[str, Family] = {
    "tournament": Family(TOURNAMENT, {"TournamentCreated": tournament.created,
                                      "TournamentFinished": tournament.finished,
                                      "PlayerDropped": judging.dropped}),
    "swiss": Family(SWISS, {"SwissStarted": swiss.started, "RoundPaired": swiss.paired,
                            "RoundClosed": swiss.closed, "TopCutStarted": swiss.top_cut,
                            "RoundResultsMigrated": swiss.migrated,
                            "ResultReported": swiss.result, "ResultConfirmed": swiss.result,
                            "ResultEntered": swiss.result, "ResultCorrected": swiss.result,
                            "CutAdvanced": swiss.advanced, "CutFinished": swiss.advanced}),
    "match": Family(MATCH),
    "tables": Family(TABLES, {"TablesRoundSeated": tables.seated,
                              "TablesTableReported": tables.table_reported,
                              "TablesRoundClosed": tables.round_closed,
                              "TablesRoundMigrated": tables.migrated,
                              "TablesFinalStarted": tables.final_started,
                              "TablesFinalSeated": tables.final_seated,
                              "TablesFinalReported": tables.final_reported}),
    "table": Family(TABLE, {"TablesTableReported": tables.table_reported}),
    "ffa": Family(FFA, {"FfaPodReported": product.ffa_reported}),
    "draft": Family(DRAFT, {"DraftStarted": product.draft_started,
                            "LateArrivalProvided": drafts.late_arrival}),
    "pod": Family(POD, {"PodOpened": product.pod_opened, "CardPicked": product.card_picked,
                        "PackReplaced": drafts.pack_replaced}),
    "sealed": Family(SEALED, {"SealedStarted": sealed.sealed_started,
                              "SealedSwapDealt": sealed.swap_dealt,
                              "SealedLateArrival": drafts.late_arrival}),
    "trade-roster": Family(TRADE_PREP, {"TradePodsFormed": sealed.trade_pods}),
    "trade-pod": Family(TRADE_POD),
    "mixed-roster": Family(MIXED_DRAFT_ROSTER, {"LimitedPodsFormed": product.limited_pods,
                                    "LimitedLateArrival": drafts.late_arrival}),
    "mixed-pod": Family(MIXED_DRAFT, {
        "MixedDraftStarted": product.mixed_started,
        "TableDraftStarted": product.with_mixed_start,
        "TableSetRevealed": drafts.set_revealed,
        "TableCardPicked": drafts.table_pick,
        "MixedProductReplaced": drafts.product_replaced,
        "TablePackReplaced": product.with_mixed_replacement,
        "MixedLibraryRoundStarted": drafts.library_round,
        "MixedLibraryCardPicked": drafts.library_pick}),
    "tdraft-roster": Family(TABLE_DRAFT_ROSTER, {"LimitedPodsFormed": product.limited_pods,
                                     "LimitedLateArrival": drafts.late_arrival}),
    "tdraft-pod": Family(TABLE_DRAFT, {"TableDraftStarted": drafts.table_draft_started,
                                       "TableSetRevealed": drafts.set_revealed,
                                       "TableCardPicked": drafts.table_pick,
                                       "TablePackReplaced": drafts.table_pack_replaced}),
    "decks": Family(DECKS, {"DeckRegistered": decks.registered}),
    "product-gate": Family(PRODUCT_GATE),
    "judging": Family(JUDGING, {"PenaltyGiven": judging.penalty_given,
                                "AppealDecided": judging.decided,
                                "DisqualificationReviewed": judging.decided}),
    "allegations": Family(ALLEGATIONS, {"AllegationDecided": judging.allegation_decided}),
    "clock": Family(CLOCK, {"TimeExtended": clock.extended}),
    "player-product": Family(PLAYER_PRODUCT),
}

# Draws or scores the verifier does not re-derive: each such event type is reported
# "not checked" with this reason. None today: what a check cannot re-derive (cards a
# judge or the staff gave, packs the organizer chose) it reports itself, event by event.
NOT_CHECKED: dict[str, str] = {}

# Facts people decide (a pick, a report, a deck) or that follow from earlier events
# without a draw or a score, and the streams the audit log never holds.
PLAIN: dict[str, str] = {t: reason for reason, types in {
    "a choice or an entry by a player or the staff": [
        "PlayerRegistered", "PlayerRemoved", "PlayerDropped", "SwissPlayerDropped",
        "PlayerReinstated", "SwissPlayerReinstated",
        "PlayerTokenReplaced",
        "JudgeAdded", "SettingsChanged",
        "TournamentStarted", "StructureSet", "ResultReported", "ResultConfirmed",
        "ResultEntered", "ResultCorrected", "TablesSeatsSwapped", "TablesPlayerDropped",
        "TablesTableReseated", "TablesFinalCardPlaced", "CardPreselected",
        "CardTurnedFaceDown", "TableCardPicked", "MixedLibraryCardPicked", "CardPicked",
        "DeckbuildingOpened", "DeckRegistered", "DeckReopened", "DeckCheckRecorded",
        "DeckDeadlineExtended", "PlayerDeadlineExtended", "DecklistsPublished",
        "ActiveDeckSwitched", "PoolRecorded", "SealedProductRegistered",
        "StarterTradeProposed", "StarterTradeAccepted", "StarterTradeDeclined",
        "TradeDeckSet", "TradeOffered", "TradeAccepted", "TradeDeclined",
        "TradeStockTurnedDown", "TradeCryptCompleted", "EnteredProductLocked",
        "EnteredProductUnlocked", "EnteredProductHandedOut", "PlayerProductEntered",
        "PlayerProductHandedOut", "TimeExtended"],
    "an entry by the staff in the judges' records (officials, an appeal, a round's "
    "announced start, a player present, an allegation)": [
        "OfficialsNamed", "PenaltyGiven", "AppealFiled", "AppealDecided",
        "DisqualificationReviewed", "RoundStartAnnounced", "PlayerMarkedPresent",
        "CheatingReported", "AllegationDecided"],
    "follows from earlier events without a draw": [
        "RoundOpened", "DraftFinished", "SealedProductOpened", "TableDraftCompleted",
        "MixedDraftCompleted", "TradePodStarted", "TradeTurnStarted", "TradeTurnEnded",
        "TradingEnded", "TradePodCompleted"],
    "not part of an audit log (accounts, tokens, staff keys, card sets, webhooks, "
    "receipts)": [
        "AccountCreated", "TokenIssued", "TokenRevoked", "KeyIssued", "KeyRevoked",
        "CardSetUploaded",
        "WebhookEndpointRegistered", "WebhookEndpointRemoved", "WebhookSecretRotated",
        "WebhookAttempted", "ReportReceived"],
    "the federation's ledger and the stores' leagues: not part of a tournament's audit log": [
        "LedgerEventRecorded", "LedgerEventInvalidated", "LeagueCreated"],
    "who writes the tournament (a venue node's lease): not part of an audit log, the "
    "events written under it are": [
        "LeaseGranted", "LeaseRenewed", "LeaseReleased", "LeaseReclaimed", "OrphansReported",
        "OrphansReplayed", "OrphansDiscarded"],
    "the event's live operations: not part of an audit log (check-in, whose codes are "
    "keyed by the seed, judge calls, announcements, Web Push)": [
        "CheckInOpened", "CheckInClosed", "PlayerCheckedIn", "JudgeCalled",
        "JudgeCallAcknowledged", "JudgeCallResolved", "AnnouncementMade", "PushSubscribed",
        "PushUnsubscribed", "PushBatchAttempted"],
}.items() for t in types}


# Types a stream of the audit log never holds (accounts, tokens, webhooks, the judges'
# records): one found there is a difference, not a plain fact.
NEVER_AUDITED = frozenset(t for t, reason in PLAIN.items()
                          if "not part of an audit log" in reason)


# The judges' records and the clock: one stream each per tournament, holding only their
# own event types (another type there is unknown to the verifier: exit 3).
OWN_TYPES: dict[str, frozenset[str]] = {
    "judging": frozenset({"OfficialsNamed", "PenaltyGiven", "AppealFiled", "AppealDecided",
                          "DisqualificationReviewed", "RoundStartAnnounced",
                          "PlayerMarkedPresent"}),
    "allegations": frozenset({"CheatingReported", "AllegationDecided"}),
    "clock": frozenset({"TimeExtended"}),
}


def family_of(stream_id: str, tid: str) -> str | None:
    kind = stream_id.split("-", 1)[0]
    if kind in OWN_TYPES:
        return kind if stream_id == f"{kind}-{tid}" else None
    pod = streams.pod_number_of(stream_id)
    if kind in ("trade", "mixed", "tdraft"):
        return f"{kind}-pod" if pod is not None else f"{kind}-roster"
    if kind == "product":
        return "product-gate" if stream_id == streams.product_gate(tid) else "player-product"
    return kind if kind in FAMILIES else None


def classified() -> set[str]:
    """Every event type the verifier knows what to do with."""
    return {t for f in FAMILIES.values() for t in f.checks} | set(NOT_CHECKED) | set(PLAIN)
