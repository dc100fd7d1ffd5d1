// The judges' record: penalties given (private to the player and the staff until the
// report), and decisions on appeals.
import { useState } from "preact/hooks";
import { call, type Schemas } from "../api/client";
import { ErrorBox, Section, useDesk, usePoll, Field } from "../desk";
import { dateTime, num, t } from "../i18n";
import type { Tournament } from "./overview";
import { allPlayers } from "./players";

const KINDS = ["warning", "game_loss", "match_loss", "disqualification"] as const;
const INFRACTIONS = ["procedural", "tardiness", "slow_play", "unsporting_conduct", "cheating", "marked_cards", "other"] as const;
type Penalty = Schemas["Penalty"];

function Decide({ tid, penalty }: { tid: string; penalty: Penalty }) {
  const { api, run } = useDesk();
  const [note, setNote] = useState("");
  const decide = (decision: "upheld" | "overturned") => run(t(`appeal.${decision}`), () => call(() => api.POST(
    "/v1/tournaments/{tid}/penalties/{pid}/appeal/decision",
    { params: { path: { tid, pid: penalty.penalty_id } }, body: { decision, note } })));
  return (
    <form class="row" onSubmit={(e) => e.preventDefault()}>
      <Field label={t("appeal.note")}><input required maxLength={1000} value={note} onInput={(e) => setNote((e.target as HTMLInputElement).value)} /></Field>
      <button type="button" disabled={!note} onClick={() => decide("upheld")}>{t("appeal.upheld")}</button>
      <button type="button" disabled={!note} onClick={() => decide("overturned")}>{t("appeal.overturned")}</button>
    </form>
  );
}

export function Judging({ tid, event }: { tid: string; event: Tournament }) {
  const { api, run } = useDesk();
  const state = usePoll(async () => {
    const [page, players] = await Promise.all([
      call(() => api.GET("/v1/tournaments/{tid}/penalties", { params: { path: { tid }, query: { limit: 500 } } })),
      allPlayers(api, tid)]);
    return { penalties: (page as { penalties: Penalty[] }).penalties, players };
  }, [tid]);
  const [player, setPlayer] = useState("");
  const [kind, setKind] = useState<typeof KINDS[number]>("warning");
  const [infraction, setInfraction] = useState<typeof INFRACTIONS[number]>("procedural");
  const [reason, setReason] = useState("");
  const names = Object.fromEntries((state.data?.players || []).map((p) => [p.player_id, p.name]));
  const active = (state.data?.players || []).filter((p) => p.status === "active");
  const give = () => call(() => api.POST("/v1/tournaments/{tid}/penalties", {
    params: { path: { tid } }, body: { player_id: player || active[0]?.player_id || "", kind, infraction, reason } }));
  return (
    <div>
      {event.status === "running" ? (
        <Section title={t("judging.give")}>
          <form class="row" onSubmit={(e) => { e.preventDefault(); void run(t("judging.give"), give); }}>
            <Field label={t("judging.player")}><select value={player} onChange={(e) => setPlayer((e.target as HTMLSelectElement).value)}>
                {active.map((p) => <option value={p.player_id}>{p.name}</option>)}
              </select></Field>
            <Field label={t("judging.kind")}><select value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value as typeof KINDS[number])}>
                {KINDS.map((k) => <option value={k}>{t(`penalty.${k}`)}</option>)}
              </select></Field>
            <Field label={t("judging.infraction")}><select value={infraction} onChange={(e) => setInfraction((e.target as HTMLSelectElement).value as typeof INFRACTIONS[number])}>
                {INFRACTIONS.map((k) => <option value={k}>{t(`infraction.${k}`)}</option>)}
              </select></Field>
            <Field label={t("judging.reason")}><input required maxLength={500} value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} /></Field>
            <button type="submit" class="primary" disabled={!active.length}>{t("judging.record")}</button>
          </form>
        </Section>
      ) : null}
      <Section title={t("judging.list", { count: state.data?.penalties.length || 0 })}>
        <ErrorBox error={state.error} />
        {state.data && !state.data.penalties.length ? <p>{t("judging.none")}</p> : null}
        <ul class="penalties">
          {(state.data?.penalties || []).map((p) => (
            <li>
              <strong>{names[p.player_id] || p.player_id}</strong>: {t(`penalty.${p.kind}`)} ({t(`infraction.${p.infraction}`)})
              {p.round ? " · " + t("swiss.round", { n: num(p.round) }) : ""} · {dateTime(p.given_at)} · {p.reason}
              {p.status === "overturned" ? <span class="pill"> {t("appeal.overturned")}</span> : null}
              {p.appeal ? <p>{t("appeal.filed", { statement: p.appeal.statement })}
                {p.appeal.decision ? " · " + t(`appeal.${p.appeal.decision}`) + (p.appeal.note ? `: ${p.appeal.note}` : "") : null}</p> : null}
              {p.appeal && !p.appeal.decision ? <Decide tid={tid} penalty={p} /> : null}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
