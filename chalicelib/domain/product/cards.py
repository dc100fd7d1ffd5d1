"""Cards, card sets and the shapes every limited format shares.

Shapes (plain JSON, used by draft, table draft, sealed, trade and deck checks):

- **card id**: a string unique within its set (``"vt-ashur-tablet"``). When several sets
  are used together their ids must not collide (:func:`card_index` refuses collisions).
- **pack** (``Pack``): ``list[str]`` of card ids, duplicates allowed, in collation order.
- **pool** (``Pool``): ``list[str]`` of card ids a player owns for deck building,
  duplicates allowed (two copies = the id twice). Order is the order received/drafted.
- **starter**: a preconstructed deck, :class:`Starter` with fixed ``cards`` (a pool).

A :class:`CardSet` is uploaded by an organizer (or shipped in ``chalicelib/data/sets``):
its cards, the booster types that can be collated from it (see
:mod:`chalicelib.domain.product.collation`) and its starters.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..errors import Invalid
from .card_ids import ID_PATTERN

Pack = list[str]
Pool = list[str]

CardKind = Literal["crypt", "library", "hero", "conspiracy", "basic-land", "other"]
CARD_KINDS: tuple[str, ...] = ("crypt", "library", "hero", "conspiracy", "basic-land", "other")

# MTG 905.2b / 905.2c: what happens when a card is drafted.
DraftAction = Literal["face-up", "reveal"]


class Card(BaseModel):
    """One card of a set. ``attributes`` is free-form JSON (clan, capacity, cost...)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    id: str = Field(pattern=ID_PATTERN)
    name: str = Field(min_length=1, max_length=120)
    kind: CardKind = "other"
    rarity: str = Field(default="common", pattern=r"^[a-z0-9-]{1,32}$")
    # Named print sheet for layouts that collate by sheet rather than rarity.
    sheet: str | None = Field(default=None, pattern=r"^[A-Za-z0-9-]{1,32}$")
    # Conspiracy: "face-up" cards stay visible to the pod after being drafted (905.2c);
    # "reveal" cards are shown to all and a note is recorded (905.2b).
    draft_action: DraftAction | None = None
    # For "reveal" cards: what is noted ("a colour") and, optionally, the allowed notes.
    reveal_prompt: str | None = Field(default=None, max_length=200)
    reveal_choices: list[str] | None = Field(default=None, max_length=50)
    attributes: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _reveal_fields(self) -> Card:
        if self.draft_action != "reveal" and (self.reveal_prompt or self.reveal_choices):
            raise ValueError("reveal_prompt/reveal_choices only apply to draft_action 'reveal'")
        if self.reveal_choices is not None and not self.reveal_choices:
            raise ValueError("reveal_choices must not be empty when given")
        return self


class CardFilter(BaseModel):
    """Which cards a booster slot draws from; every given criterion must hold.
    An empty filter matches every card of the set (except basic lands and heroes,
    which a slot only draws when it names their kind)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    rarity: list[str] | None = None
    sheet: list[str] | None = None
    kind: list[CardKind] | None = None
    cards: list[str] | None = None  # an explicit list of card ids

    def matches(self, card: Card) -> bool:
        if self.cards is not None and card.id not in self.cards:
            return False
        if self.rarity is not None and card.rarity not in self.rarity:
            return False
        if self.sheet is not None and card.sheet not in self.sheet:
            return False
        if self.kind is not None:
            return card.kind in self.kind
        return card.kind not in ("basic-land", "hero") or self.cards is not None


class Slot(BaseModel):
    """``count`` cards drawn from the cards matching the filter.
    ``weights`` optionally weighs cards by id (default 1 each)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    count: int = Field(ge=1, le=60)
    filter: CardFilter = Field(default_factory=CardFilter)
    weights: dict[str, int] | None = None


class Layout(BaseModel):
    """One way a booster can be made; a booster type picks a layout by ``weight``."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    id: str = Field(default="standard", pattern=ID_PATTERN)
    weight: int = Field(default=1, ge=1, le=1_000_000)
    slots: list[Slot] = Field(min_length=1, max_length=30)

    @property
    def size(self) -> int:
        return sum(slot.count for slot in self.slots)


class BoosterType(BaseModel):
    """A kind of booster of a set. All layouts must give the same number of cards
    (a pack with another count is abnormal, V:EKN 7.2.5). ``unique`` = duplicate
    protection: no card id twice in one pack."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    id: str = Field(pattern=ID_PATTERN)
    name: str = Field(default="", max_length=120)
    layouts: list[Layout] = Field(min_length=1, max_length=20)
    unique: bool = True

    @property
    def size(self) -> int:
        return self.layouts[0].size

    @model_validator(mode="after")
    def _same_size(self) -> BoosterType:
        sizes = {layout.size for layout in self.layouts}
        if len(sizes) != 1:
            raise ValueError(f"all layouts of booster {self.id!r} must have the same size, "
                             f"got {sorted(sizes)}")
        ids = [layout.id for layout in self.layouts]
        if len(set(ids)) != len(ids):
            raise ValueError(f"duplicate layout ids in booster {self.id!r}")
        return self


class Starter(BaseModel):
    """A preconstructed deck with fixed contents (a pool)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    id: str = Field(pattern=ID_PATTERN)
    name: str = Field(default="", max_length=120)
    cards: list[str] = Field(min_length=1, max_length=500)


class CardSet(BaseModel):
    """An uploadable set definition. Validation checks that ids are unique, that
    starters and slot filters name known cards and that every slot can be filled."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    id: str = Field(pattern=ID_PATTERN)
    name: str = Field(min_length=1, max_length=120)
    game: str | None = Field(default=None, max_length=32)
    description: str = Field(default="", max_length=2000)
    cards: list[Card] = Field(min_length=1, max_length=5000)
    boosters: list[BoosterType] = Field(default_factory=list, max_length=20)
    starters: list[Starter] = Field(default_factory=list, max_length=50)

    @model_validator(mode="after")
    def _consistent(self) -> CardSet:
        problems = set_problems(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def card_index(self) -> dict[str, Card]:
        return {card.id: card for card in self.cards}

    def booster(self, booster_id: str) -> BoosterType:
        for booster in self.boosters:
            if booster.id == booster_id:
                return booster
        raise Invalid(f"set {self.id!r} has no booster {booster_id!r}",
                      {"boosters": [b.id for b in self.boosters]})

    def starter(self, starter_id: str) -> Starter:
        for starter in self.starters:
            if starter.id == starter_id:
                return starter
        raise Invalid(f"set {self.id!r} has no starter {starter_id!r}",
                      {"starters": [s.id for s in self.starters]})


def set_problems(card_set: CardSet) -> list[str]:
    """Every consistency problem of a set definition (empty when it is usable)."""
    problems: list[str] = []
    index: dict[str, Card] = {}
    for card in card_set.cards:
        if card.id in index:
            problems.append(f"duplicate card id {card.id!r}")
        index[card.id] = card
    for kind, items in (("booster", card_set.boosters), ("starter", card_set.starters)):
        ids = [item.id for item in items]
        for dup in sorted({i for i in ids if ids.count(i) > 1}):
            problems.append(f"duplicate {kind} id {dup!r}")
    for starter in card_set.starters:
        unknown = sorted({c for c in starter.cards if c not in index})
        if unknown:
            problems.append(f"starter {starter.id!r} names unknown cards {unknown}")
    for booster in card_set.boosters:
        for layout in booster.layouts:
            for n, slot in enumerate(layout.slots):
                where = f"booster {booster.id!r} layout {layout.id!r} slot {n}"
                named = set(slot.filter.cards or []) | set(slot.weights or {})
                unknown = sorted(c for c in named if c not in index)
                if unknown:
                    problems.append(f"{where} names unknown cards {unknown}")
                if slot.weights and any(w < 0 for w in slot.weights.values()):
                    problems.append(f"{where} has negative weights")
                candidates = [c for c in card_set.cards if slot.filter.matches(c)
                              and (slot.weights or {}).get(c.id, 1) > 0]
                if not candidates:
                    problems.append(f"{where} matches no card")
            if booster.unique:
                problems.extend(_unique_problems(card_set, booster, layout))
    return problems


def _unique_problems(card_set: CardSet, booster: BoosterType, layout: Layout) -> list[str]:
    """With duplicate protection, each slot needs enough distinct candidates. (A cheap
    necessary check: slot by slot, and all slots together.)"""
    problems = []
    union: set[str] = set()
    for n, slot in enumerate(layout.slots):
        ids = {c.id for c in card_set.cards if slot.filter.matches(c)
               and (slot.weights or {}).get(c.id, 1) > 0}
        union |= ids
        if len(ids) < slot.count:
            problems.append(f"booster {booster.id!r} layout {layout.id!r} slot {n} needs "
                            f"{slot.count} distinct cards but matches {len(ids)}")
    if len(union) < layout.size:
        problems.append(f"booster {booster.id!r} layout {layout.id!r} needs {layout.size} "
                        f"distinct cards but its slots match {len(union)}")
    return problems


def card_index(sets: Iterable[CardSet]) -> dict[str, Card]:
    """One lookup ``card id -> Card`` over several sets; refuses colliding ids."""
    index: dict[str, Card] = {}
    owner: dict[str, str] = {}
    clashes = []
    for card_set in sets:
        for card in card_set.cards:
            if card.id in index and owner[card.id] != card_set.id:
                clashes.append({"card": card.id, "sets": [owner[card.id], card_set.id]})
                continue
            index[card.id] = card
            owner[card.id] = card_set.id
    if clashes:
        raise Invalid("card ids collide between the sets used together", clashes,
                      code="card_id_collision")
    return index


def unknown_cards(pool: Iterable[str], index: dict[str, Card]) -> list[str]:
    """The distinct ids of ``pool`` that ``index`` does not know, sorted."""
    return sorted({card_id for card_id in pool if card_id not in index})


def parse_set(data: Any) -> CardSet:
    """Validate an uploaded set definition; :class:`Invalid` lists every problem."""
    from pydantic import ValidationError

    try:
        return CardSet.model_validate(data)
    except ValidationError as exc:
        raise Invalid("invalid card set", [
            {"loc": ".".join(str(p) for p in err["loc"]), "msg": err["msg"]}
            for err in exc.errors(include_url=False)
        ], code="invalid_set") from None
