"""Card sets (upload, list, read) and a tournament's product configuration."""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from chalice import Blueprint

from ..auth import authenticate, require_role
from ..data.sets import sample_sets
from ..domain.errors import NotFound
from ..domain.product.allocation import booster_plan, check_product
from ..domain.product.cards import ID_PATTERN, CardSet
from ..domain.product.catalog import CARDSET, UploadSet, set_stream, set_summary
from ..domain.profiles.product import ProductSettings
from ..projections.draft import SET_KIND
from ..runtime import runtime
from ..service import Reply
from .common import plain, read_state, run_command
from .http import ApiError, json_route, query_int, query_param, raw_body
from .tournaments import load_tournament

bp = Blueprint(__name__)


def find_set(source: Any, set_id: str) -> CardSet | None:
    """A shipped sample set or an uploaded one (from a unit of work or the runtime)."""
    sample = sample_sets().get(set_id)
    if sample is not None:
        return sample
    entry = read_state(source, CARDSET, set_stream(set_id))
    return entry.card_set if entry.exists else None


def load_sets(source: Any, set_ids: Iterable[str]) -> dict[str, CardSet]:
    """The known sets among ``set_ids`` (unknown ids are simply absent)."""
    found = {}
    for set_id in sorted(set(set_ids)):
        card_set = find_set(source, set_id)
        if card_set is not None:
            found[set_id] = card_set
    return found


def product_sets(source: Any, product: dict[str, Any]) -> dict[str, CardSet]:
    ids = [b["set"] for b in product.get("boosters", [])]
    ids += [s["set"] for s in product.get("starters", [])]
    return load_sets(source, ids)


@json_route(bp, "/sets", methods=["POST"])
def upload_set():
    rt = runtime()
    request = bp.current_request
    principal = require_role(authenticate(request, rt), "organizer")
    try:
        data = json.loads(raw_body(request) or b"null")
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError(400, "invalid_json", f"the body is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ApiError(400, "invalid_json", "the body must be a JSON object")
    set_id = data.get("id")
    if not isinstance(set_id, str) or not re.match(ID_PATTERN, set_id):
        raise ApiError(422, "invalid_set", "the set needs an id matching " + ID_PATTERN)
    if set_id in sample_sets():
        raise ApiError(409, "conflict", f"{set_id!r} is a shipped sample set")

    def work(uow):
        entry, _ = uow.decide(CARDSET, set_stream(set_id),
                              UploadSet(data, principal.ref(), uow.now.isoformat()))
        return Reply(201, set_summary(entry.card_set, "uploaded"),
                     {"Location": f"/v1/sets/{set_id}"})
    return run_command(request, work, principal)


@json_route(bp, "/sets", methods=["GET"])
def list_sets():
    request = bp.current_request
    game = query_param(request, "game", pattern=r"vtes|hack|munchkin|mtg")
    limit = query_int(request, "limit", 100, 1, 500)
    after = query_param(request, "after", pattern=ID_PATTERN[1:-1])
    items = [set_summary(s, "sample") for s in sample_sets().values()]
    items += [view.doc for view in runtime().views.list(SET_KIND, limit=2000)]
    items = [i for i in sorted(items, key=lambda i: i["set_id"])
             if (game is None or i["game"] == game) and (after is None or i["set_id"] > after)]
    page = items[:limit]
    return {"items": page, "next": page[-1]["set_id"] if len(items) > limit else None}


@json_route(bp, "/sets/{set_id}", methods=["GET"])
def get_set(set_id):
    rt = runtime()
    card_set = find_set(rt, set_id)
    if card_set is None:
        raise NotFound(f"no set {set_id!r}")
    source = "sample" if set_id in sample_sets() else "uploaded"
    return {**set_summary(card_set, source), "definition": card_set.model_dump(mode="json")}


@json_route(bp, "/tournaments/{tid}/product", methods=["GET"])
def tournament_product(tid):
    """The product every player receives, checked against the known sets (change it with
    the tournament's settings, section ``product``)."""
    rt = runtime()
    state = load_tournament(rt, tid)
    product = plain(state.settings.get("product", {}))
    sets = product_sets(rt, product)
    settings = ProductSettings.model_validate(product)
    boosters = []
    for n, item in enumerate(booster_plan(settings), start=1):
        card_set = sets.get(item["set"])
        size = None
        if card_set is not None and item["booster"] in {b.id for b in card_set.boosters}:
            size = card_set.booster(item["booster"]).size
        boosters.append({"pack": n, "set": item["set"], "booster": item["booster"],
                         "size": size})
    problems = check_product(settings, sets)
    return {"tournament_id": tid, "settings": product, "boosters": boosters,
            "problems": problems, "ready": not problems and bool(boosters), "sets": sorted(sets)}
