// A round's matches (Swiss or top cut) with a result form on each open one, the
// reported-but-unconfirmed score, and extra time for one match.
import { useState } from "preact/hooks";
import { call, type Schemas } from "../api/client";
import { Action, useDesk, Field } from "../desk";
import { num, t } from "../i18n";
import { Clock } from "./overview";

type Match = Schemas["SwissMatch"];

function score(s: { a: number; b: number; draws: number } | null | undefined): string {
  if (!s) return "";
  return s.draws ? `${num(s.a)}–${num(s.b)}–${num(s.draws)}` : `${num(s.a)}–${num(s.b)}`;
}

function ResultForm({ tid, match, names, draws }: { tid: string; match: Match; names: Record<string, string>; draws: boolean }) {
  const { api, run } = useDesk();
  const reported = match.reported?.score;
  const [a, setA] = useState(reported ? reported.a : "");
  const [b, setB] = useState(reported ? reported.b : "");
  const [d, setD] = useState(reported ? reported.draws : 0);
  const who = (pid: string | null) => (pid ? names[pid] || pid : "");
  const send = () => call(() => api.POST("/v1/tournaments/{tid}/swiss/matches/{mid}/result", {
    params: { path: { tid, mid: match.match_id } }, body: { a: Number(a), b: Number(b), draws: Number(d) } }));
  return (
    <form class="result" onSubmit={(e) => { e.preventDefault(); void run(t("round.enter_what", { match: match.match_id }), send); }}>
      <input type="number" min={0} max={7} required value={a} aria-label={t("round.games_of", { name: who(match.a) })}
        onInput={(e) => setA((e.target as HTMLInputElement).value)} />
      <span aria-hidden="true">–</span>
      <input type="number" min={0} max={7} required value={b} aria-label={t("round.games_of", { name: who(match.b) })}
        onInput={(e) => setB((e.target as HTMLInputElement).value)} />
      {draws ? <input type="number" min={0} max={7} value={d} aria-label={t("round.drawn_games")}
        onInput={(e) => setD(Number((e.target as HTMLInputElement).value))} /> : null}
      <button type="submit" aria-label={`${reported ? t("round.confirm") : t("round.enter")}: ${who(match.a)} – ${who(match.b)}`}>
        {reported ? t("round.confirm") : t("round.enter")}</button>
    </form>
  );
}

export function MatchTable({ tid, caption, matches, names, draws, endsAt }: {
  tid: string; caption: string; matches: Match[]; names: Record<string, string>; draws: boolean; endsAt?: string | null;
}) {
  const who = (pid: string | null) => (pid ? names[pid] || pid : t("round.tbd"));
  return (
    <table class="matches">
      <caption>{caption}{endsAt ? <> · <Clock until={endsAt} /></> : null}</caption>
      <thead><tr><th scope="col">{t("round.table")}</th><th scope="col">{t("round.players")}</th>
        <th scope="col">{t("round.status")}</th><th scope="col">{t("round.result")}</th></tr></thead>
      <tbody>{matches.map((m) => (
        <tr data-match={m.match_id} data-best-of={m.best_of}>
          <td>{num(m.table)}</td>
          <th scope="row">{who(m.a)} <span class="muted">{t("round.vs")}</span> {m.b || !m.a ? who(m.b) : t("round.bye")}</th>
          <td>{t(`match.${m.status}`)}{m.reported ? <span class="muted"> · {t("round.reported", { score: score(m.reported.score), name: who(m.reported.by) })}</span> : null}
            {m.corrected ? <span class="muted"> · {t("round.corrected")}</span> : null}</td>
          <td>{m.status === "final" ? <strong>{score(m.score)}</strong>
            : m.a && m.b ? <ResultForm tid={tid} match={m} names={names} draws={draws} /> : null}</td>
        </tr>
      ))}</tbody>
    </table>
  );
}

export function ExtendForm({ tid, matches, names }: { tid: string; matches: Match[]; names: Record<string, string> }) {
  const { api, run } = useDesk();
  const open = matches.filter((m) => m.status !== "final" && m.a && m.b);
  const [mid, setMid] = useState("");
  const [minutes, setMinutes] = useState(5);
  const [reason, setReason] = useState("");
  if (!open.length) return null;
  const target = mid || open[0]!.match_id;
  const send = () => call(() => api.POST("/v1/tournaments/{tid}/swiss/matches/{mid}/extensions", {
    params: { path: { tid, mid: target } }, body: { minutes, reason } }));
  return (
    <form class="row" onSubmit={(e) => { e.preventDefault(); void run(t("clock.extend_what", { match: target }), send); }}>
      <Field label={t("clock.match")}><select value={target} onChange={(e) => setMid((e.target as HTMLSelectElement).value)}>
          {open.map((m) => <option value={m.match_id}>{m.match_id}: {names[m.a!]} – {names[m.b!]}</option>)}
        </select></Field>
      <Field label={t("clock.minutes")}><input type="number" min={1} max={60} value={minutes} onInput={(e) => setMinutes(Number((e.target as HTMLInputElement).value))} /></Field>
      <Field label={t("clock.reason")}><input required maxLength={200} value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} /></Field>
      <button type="submit">{t("clock.extend")}</button>
    </form>
  );
}

export { Action };
