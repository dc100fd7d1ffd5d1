"""``podium`` play commands: open and watch a draft (taking judge picks for waiting seats
on request), pair or seat a round, a result sheet to fill in, results from a CSV, the
standings, the top cut and the federation report."""
from __future__ import annotations

import csv
import pathlib
import sys
import time

import click

from .client import idempotency_key
from .commands import Ctx, cli, pass_ctx, read_csv


def names(c: Ctx, tid: str) -> dict[str, str]:
    rows = c.api.pages(f"/tournaments/{tid}/players?limit=200", "players")
    return {p["player_id"]: p["name"] for p in rows}


@cli.group()
def draft() -> None:
    """Open a booster draft and follow it."""


@draft.command("open")
@click.argument("tid")
@pass_ctx
def draft_open(c: Ctx, tid: str) -> None:
    """Seat the players in pods and open the first packs."""
    reply = c.api.post(f"/tournaments/{tid}/draft", idempotency=idempotency_key("draft", tid))
    c.print.table(reply, f"draft of {reply['rounds']} packs", ["pod", "seats"],
                  [(p["pod"], len(p["seats"])) for p in reply["pods"]])


@draft.command("watch")
@click.argument("tid")
@click.option("--interval", default=2.0, show_default=True, help="seconds between looks")
@click.option("--timeout", default=3600.0, show_default=True, help="give up after (seconds)")
@click.option("--pick-for-waiting", is_flag=True,
              help="a judge picks for every seat with a pack waiting (absent players)")
@pass_ctx
def draft_watch(c: Ctx, tid: str, interval: float, timeout: float,
                pick_for_waiting: bool) -> None:
    """Follow every pod until the draft ends: picks made per pod, packs waiting."""
    deadline = time.monotonic() + timeout
    overview = c.api.get(f"/tournaments/{tid}/draft")
    per_pack = c.api.get(f"/tournaments/{tid}")["settings"]["deck"].get("cards_per_booster") or 15
    with c.print.progress("draft") as bar:
        tasks = {p["pod"]: bar.add_task(f"pod {p['pod']}",
                                        total=len(p["seats"]) * overview["rounds"] * per_pack)
                 for p in overview["pods"]}
        while True:
            pods = [c.api.get(f"/tournaments/{tid}/draft/pods/{n}") for n in tasks]
            for pod in pods:
                bar.update(tasks[pod["pod"]], completed=pod["picks_made"],
                           description=f"pod {pod['pod']} pack {pod['round']}: {pod['status']}")
            if all(p["status"] != "drafting" for p in pods):
                for pod in pods:
                    bar.update(tasks[pod["pod"]], total=pod["picks_made"])
                break
            if time.monotonic() > deadline:
                raise click.ClickException("the draft is still running (--timeout)")
            if pick_for_waiting:
                for pod in pods:
                    for seat in pod["seats"]:
                        if seat["waiting_packs"]:
                            c.api.post(f"/tournaments/{tid}/draft/pods/{pod['pod']}/players/"
                                       f"{seat['player']}/pick-for", {})
            else:
                time.sleep(interval)
    final = c.api.get(f"/tournaments/{tid}/draft")
    c.print.doc(final, f"draft {final['status']}")


@cli.group("round")
def round_() -> None:
    """Pair (Swiss) or seat (V:EKN tables) the next round; print a round's result sheet."""


def show_matches(c: Ctx, tid: str, reply: dict) -> None:
    who = names(c, tid)
    rows = [(m["match_id"], m["table"], who.get(m["a"], m["a"]), who.get(m["b"], "") if m["b"]
             else "bye", m["status"]) for m in reply["matches"]]
    if reply.get("bye"):
        bye = reply["bye"]["player_id"] if isinstance(reply["bye"], dict) else reply["bye"]
        rows.append(("", "", who.get(bye, bye), "bye", ""))
    c.print.table(reply, f"round {reply['round']}: {len(reply['matches'])} matches",
                  ["match", "table", "player", "opponent", "status"], rows)


@round_.command("pair")
@click.argument("tid")
@pass_ctx
def round_pair(c: Ctx, tid: str) -> None:
    """Pair the next Swiss round."""
    show_matches(c, tid, c.api.post(f"/tournaments/{tid}/swiss/rounds"))


@round_.command("seat")
@click.argument("tid")
@pass_ctx
def round_seat(c: Ctx, tid: str) -> None:
    """Seat the next V:EKN round."""
    reply = c.api.post(f"/tournaments/{tid}/tables/rounds")
    who = names(c, tid)
    c.print.table(reply, f"round {reply['round']}", ["table", "seat", "player"],
                  [(t["table"], i + 1, who.get(p, p)) for t in reply["tables"]
                   for i, p in enumerate(t["seats"])])


@round_.command("sheet")
@click.argument("tid")
@click.argument("number", type=int)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=pathlib.Path),
              help="write the CSV here (default: stdout)")
@pass_ctx
def round_sheet(c: Ctx, tid: str, number: int, output: pathlib.Path | None) -> None:
    """A Swiss round's result sheet (match_id, table, players, a, b, draws) to fill in
    and give to `podium results enter`."""
    rnd = c.api.get(f"/tournaments/{tid}/swiss/rounds/{number}?limit=500")
    who = names(c, tid)
    handle = output.open("w", newline="", encoding="utf-8") if output else sys.stdout
    writer = csv.writer(handle)
    writer.writerow(["match_id", "table", "player_a", "player_b", "a", "b", "draws"])
    for m in rnd["matches"]:
        if m["b"]:
            score = m["score"] or {}
            writer.writerow([m["match_id"], m["table"], who.get(m["a"], m["a"]),
                             who.get(m["b"], m["b"]), score.get("a", ""),
                             score.get("b", ""), score.get("draws", "")])
    if output:
        handle.close()


@cli.group()
def results() -> None:
    """Enter results."""


@results.command("enter")
@click.argument("tid")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=pathlib.Path))
@pass_ctx
def results_enter(c: Ctx, tid: str, file: pathlib.Path) -> None:
    """Enter Swiss results from a CSV with columns match_id, a, b (and draws): games won
    by each side. Rows with an empty score are skipped."""
    rows = [r for r in read_csv(file, ("match_id", "a", "b")) if r["a"] != "" and r["b"] != ""]
    entered = []
    with c.print.progress("results") as bar:
        task = bar.add_task("entering results", total=len(rows))
        for row in rows:
            try:
                body = {"a": int(row["a"]), "b": int(row["b"]), "draws": int(row.get("draws") or 0)}
            except ValueError as error:
                raise click.BadParameter(f"{row['match_id']}: scores are whole numbers") from error
            c.api.post(f"/tournaments/{tid}/swiss/matches/{row['match_id']}/result", body,
                       idempotency=idempotency_key("result", tid, row["match_id"], body))
            entered.append({"match_id": row["match_id"], **body})
            bar.advance(task)
    c.print.table(entered, f"{len(entered)} results entered", ["match", "a", "b", "draws"],
                  [(e["match_id"], e["a"], e["b"], e["draws"]) for e in entered])


@cli.command()
@click.argument("tid")
@pass_ctx
def standings(c: Ctx, tid: str) -> None:
    """The Swiss standings."""
    doc = c.api.get(f"/tournaments/{tid}/swiss/standings?limit=500")
    c.print.table(doc, f"standings after round {doc.get('round')}",
                  ["#", "player", "points", "W-L-D", "byes"],
                  [(r["rank"], r["name"], r["points"],
                    f"{r['wins']}-{r['losses']}-{r['draws']}", r.get("byes") or "")
                   for r in doc["rows"]])


@cli.command("top-cut")
@click.argument("tid")
@pass_ctx
def top_cut(c: Ctx, tid: str) -> None:
    """Cut to the top players after the Swiss rounds."""
    show_matches(c, tid, {"round": "top cut", **c.api.post(f"/tournaments/{tid}/swiss/top-cut")})


@cli.command()
@click.argument("tid")
@click.option("--format", "fmt", type=click.Choice(["json", "csv", "archon"]), default="json")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=pathlib.Path))
@pass_ctx
def report(c: Ctx, tid: str, fmt: str, output: pathlib.Path | None) -> None:
    """The federation report of a finished event (JSON, CSV or Archon)."""
    path = f"/tournaments/{tid}/report" + ("" if fmt == "json" else f"/{fmt}")
    if fmt == "json":
        import json
        text = json.dumps(c.api.get(path), ensure_ascii=False, indent=2) + "\n"
    else:
        text = c.api.get(path, raw=True)
    if output:
        output.write_text(text, encoding="utf-8")
        click.echo(f"{output}: {len(text)} characters", err=True)
    else:
        sys.stdout.write(text)
