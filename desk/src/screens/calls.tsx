// The judges' queue: calls from the tables, oldest first (who called, where, why, the
// judge who rules there, V:EKN 2.9), a judge acknowledging one (on the way) and resolving
// it with a note; the resolved calls with their response times below.
import { useState } from "preact/hooks";
import { call, type Schemas } from "../api/client";
import { Action, ErrorBox, Field, Section, useDesk, usePoll } from "../desk";
import { num, t, time } from "../i18n";
import type { Tournament } from "./overview";
import { allPlayers } from "./players";

type JudgeCall = Schemas["JudgeCall"];
const CALLS_POLL_MS = 3000;        // a player waits at the table: a new call shows up fast

function where(c: JudgeCall): string {
  if (c.match) return t("calls.match", { match: c.match });
  if (c.table) return t("calls.table", { n: c.table });
  return t("calls.anywhere");
}

function Resolve({ tid, c, who }: { tid: string; c: JudgeCall; who: string }) {
  const { api, run } = useDesk();
  const [note, setNote] = useState("");
  return (
    <form class="row" onSubmit={(e) => {
      e.preventDefault();
      void run(t("calls.resolve_what", { who }), () => call(() => api.POST("/v1/tournaments/{tid}/judge-calls/{cid}/resolve",
        { params: { path: { tid, cid: c.call_id } }, body: { note: note || null } })));
    }}>
      <Field label={t("calls.note")}><input maxLength={500} value={note} onInput={(e) => setNote((e.target as HTMLInputElement).value)} /></Field>
      <button type="submit" aria-label={`${t("calls.resolve")}: ${who}`}>{t("calls.resolve")}</button>
    </form>
  );
}

export function Calls({ tid }: { tid: string; event: Tournament }) {
  const { api, me } = useDesk();
  const state = usePoll(async () => {
    const [page, players] = await Promise.all([
      call(() => api.GET("/v1/tournaments/{tid}/judge-calls", { params: { path: { tid }, query: { status: "all" } } })),
      allPlayers(api, tid)]);
    return { calls: page.calls, names: Object.fromEntries(players.map((p) => [p.player_id, p.name])) };
  }, [tid], CALLS_POLL_MS);
  const calls = state.data?.calls || [];
  const open = calls.filter((c) => c.status !== "resolved");
  const done = calls.filter((c) => c.status === "resolved");
  const who = (c: JudgeCall) => (c.player_id && state.data?.names[c.player_id]) || t("calls.staff");
  return (
    <div>
      <Section title={t("calls.queue", { count: open.length })}>
        <ErrorBox error={state.error} />
        {state.data && !open.length ? <p>{t("calls.none")}</p> : null}
        <ol class="calls">
          {open.map((c) => (
            <li key={c.call_id} data-call={c.call_id} data-status={c.status}>
              <p><strong>{who(c)}</strong> · {where(c)}{c.round ? " · " + t("swiss.round", { n: num(c.round) }) : ""}
                {" "}· {t("calls.called_at", { time: time(c.called_at) })}</p>
              <p>{c.reason}</p>
              {c.suggested_judge ? <p class="muted">{c.suggested_judge === me.id ? t("calls.suggested_you")
                : t("calls.suggested", { judge: c.suggested_judge })}</p> : null}
              {c.status === "open"
                ? <Action kind="primary" label={t("calls.acknowledge")} name={`${t("calls.acknowledge")}: ${who(c)}`}
                    what={t("calls.acknowledge_what", { who: who(c) })}
                    action={() => call(() => api.POST("/v1/tournaments/{tid}/judge-calls/{cid}/acknowledge",
                      { params: { path: { tid, cid: c.call_id } } }))} />
                : <p><span class="pill">{t("calls.coming")}</span> {t("calls.acknowledged_at", { time: time(c.acknowledged_at) })}</p>}
              <Resolve tid={tid} c={c} who={who(c)} />
            </li>
          ))}
        </ol>
      </Section>
      {done.length ? (
        <Section title={t("calls.resolved", { count: done.length })}>
          <table>
            <caption>{t("calls.resolved", { count: done.length })}</caption>
            <thead><tr><th scope="col">{t("calls.who")}</th><th scope="col">{t("calls.where")}</th>
              <th scope="col">{t("calls.reason")}</th><th scope="col">{t("calls.response")}</th><th scope="col">{t("calls.note")}</th></tr></thead>
            <tbody>{done.map((c) => (
              <tr key={c.call_id}><th scope="row">{who(c)}</th><td>{where(c)}</td><td>{c.reason}</td>
                <td>{c.response_seconds === null ? "" : t("calls.seconds", { count: Math.round(c.response_seconds) })}</td>
                <td>{c.note || ""}</td></tr>
            ))}</tbody>
          </table>
        </Section>
      ) : null}
    </div>
  );
}
