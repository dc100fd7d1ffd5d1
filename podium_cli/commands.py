"""``podium`` commands: accounts, events and players (play.py: draft, rounds, results,
standings, finish and reports). Every command prints its answer (``--json``: the API's
reply) and exits 1 with the server's error code, message and request id on a refusal."""
from __future__ import annotations

import csv
import json
import pathlib
import tomllib
from typing import Any

import click

from .client import Podium, PodiumError, idempotency_key
from .output import Printer, err

DEFAULT_BASE = "http://127.0.0.1:8000/v1"


class Ctx:
    def __init__(self, api: Podium, printer: Printer):
        self.api, self.print = api, printer


pass_ctx = click.make_pass_decorator(Ctx)


class Group(click.Group):
    """Renders a refusal as the server's words and request id (exit 1), never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PodiumError as error:
            err.print(f"[bold red]error[/] {error.describe()}", markup=True, highlight=False)
            ctx.exit(1)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--base", envvar="PODIUM_BASE", default=DEFAULT_BASE, show_default=True,
              help="the API's base URL, with /v1 (env PODIUM_BASE)")
@click.option("--key", envvar="PODIUM_KEY", default=None,
              help="your organizer or judge key or token (env PODIUM_KEY)")
@click.option("--json", "as_json", is_flag=True, help="print the API's JSON replies")
@click.pass_context
def cli(ctx: click.Context, base: str, key: str | None, as_json: bool) -> None:
    """Run Podium events from a terminal: create, register, draft, pair, enter results,
    report."""
    api = Podium(base, key)
    ctx.call_on_close(api.close)
    ctx.obj = Ctx(api, Printer(as_json))


def read_document(path: pathlib.Path) -> dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    try:
        doc = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as error:
        raise click.BadParameter(f"{path}: {error}") from error
    if not isinstance(doc, dict):
        raise click.BadParameter(f"{path}: expected an object")
    return doc


def read_csv(path: pathlib.Path, required: tuple[str, ...]) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8-sig") as handle:
        reader = csv.DictReader(handle)
        fields = [f.strip().lower() for f in reader.fieldnames or []]
        missing = [r for r in required if r not in fields]
        if missing:
            raise click.BadParameter(f"{path}: missing column(s) {', '.join(missing)} "
                                     f"(found: {', '.join(fields) or 'none'})")
        return [{k.strip().lower(): (v or "").strip() for k, v in row.items() if k}
                for row in reader]


@cli.command("account")
@click.argument("name")
@click.option("--role", type=click.Choice(["organizer", "federation"]), default="organizer")
@pass_ctx
def account(c: Ctx, name: str, role: str) -> None:
    """Create an organizer (or federation) account with the admin key; prints its key."""
    reply = c.api.post("/accounts", {"role": role, "name": name})
    c.print.doc(reply, reply["api_key"])


@cli.group()
def event() -> None:
    """Create, show, start and finish events."""


@event.command("create")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=pathlib.Path))
@pass_ctx
def event_create(c: Ctx, file: pathlib.Path) -> None:
    """Create an event from a JSON or TOML file (the body of POST /tournaments:
    name, game, format, settings, ...); prints its id."""
    doc = read_document(file)
    reply = c.api.post("/tournaments", doc, idempotency=idempotency_key("create", doc))
    c.print.doc(reply, reply["tournament_id"])


@event.command("show")
@click.argument("tid")
@pass_ctx
def event_show(c: Ctx, tid: str) -> None:
    """The event's status, game, format and structure."""
    t = c.api.get(f"/tournaments/{tid}")
    c.print.doc(t, f"{t['name']} ({t['game']}, {t['format']}, {t['structure']}): {t['status']}")


@event.command("start")
@click.argument("tid")
@pass_ctx
def event_start(c: Ctx, tid: str) -> None:
    """Close registration and start the event."""
    t = c.api.post(f"/tournaments/{tid}/start")
    c.print.doc(t, t["status"])


@event.command("finish")
@click.argument("tid")
@click.option("--incomplete", metavar="REASON", help="end early on purpose, saying why")
@pass_ctx
def event_finish(c: Ctx, tid: str, incomplete: str | None) -> None:
    """Finish the event (reveals the seed)."""
    body = {"incomplete": True, "reason": incomplete} if incomplete else {}
    t = c.api.post(f"/tournaments/{tid}/finish", body)
    c.print.doc(t, f"{t['status']}; seed {t.get('seed')}")


@cli.group()
def players() -> None:
    """Register players from a CSV file and list them."""


@players.command("import")
@click.argument("tid")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=pathlib.Path))
@click.option("--tokens", type=click.Path(dir_okay=False, path_type=pathlib.Path),
              help="write player_id,name,token here (each token is shown once)")
@pass_ctx
def players_import(c: Ctx, tid: str, file: pathlib.Path, tokens: pathlib.Path | None) -> None:
    """Register every row of a CSV with a `name` column (and `member_id` if the event
    asks for one). Running it again registers nobody twice."""
    rows = read_csv(file, ("name",))
    registered = []
    with c.print.progress("registering") as bar:
        task = bar.add_task("registering", total=len(rows))
        for i, row in enumerate(rows):
            body = {"name": row["name"]}
            if row.get("member_id"):
                body["member_id"] = row["member_id"]
            reply = c.api.post(f"/tournaments/{tid}/players", body,
                               idempotency=idempotency_key("register", tid, i, body))
            registered.append({"player_id": reply["player"]["player_id"],
                               "name": reply["player"]["name"], "token": reply.get("token")})
            bar.advance(task)
    if tokens:
        with tokens.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, ["player_id", "name", "token"])
            writer.writeheader()
            writer.writerows(registered)
        tokens.chmod(0o600)
    c.print.table(registered, f"{len(registered)} players registered", ["player", "name"],
                  [(r["player_id"], r["name"]) for r in registered])


@players.command("list")
@click.argument("tid")
@pass_ctx
def players_list(c: Ctx, tid: str) -> None:
    """Everyone registered, with their status."""
    rows = c.api.pages(f"/tournaments/{tid}/players?limit=200", "players")
    c.print.table(rows, f"{len(rows)} players", ["player", "name", "status"],
                  [(p["player_id"], p["name"], p.get("status", "")) for p in rows])
