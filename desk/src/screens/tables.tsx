// V:EKN play: seat each round, enter each table's VP, the standings, the final table
// (seat choice by the qualifiers' order) and its result.
import { useState } from "preact/hooks";
import { type Api, call, DeskError } from "../api/client";
import { Action, ErrorBox, POLL_MS, Field, Section, useDesk, usePoll } from "../desk";
import { num, t } from "../i18n";
import { Clock, type Live } from "./overview";
import { allPlayers } from "./players";

const orNull = <T,>(p: Promise<T>) => p.catch((e) => {
  if (e instanceof DeskError && (e.status === 404 || e.status === 409)) return null;
  throw e;
});

async function tablesState(api: Api, tid: string) {
  const path = { params: { path: { tid } } };
  const index = await orNull(call(() => api.GET("/v1/tournaments/{tid}/tables", path)));
  const n = index?.rounds.length || 0;
  const [round, standings, final, players] = await Promise.all([
    n ? call(() => api.GET("/v1/tournaments/{tid}/tables/rounds/{n}", { params: { path: { tid, n } } })) : null,
    n ? orNull(call(() => api.GET("/v1/tournaments/{tid}/tables/standings", path))) : null,
    index?.final ? call(() => api.GET("/v1/tournaments/{tid}/tables/final", path)) : null,
    allPlayers(api, tid)]);
  return { index, round, standings, final, names: Object.fromEntries(players.map((p) => [p.player_id, p.name])) };
}

function VpForm({ seats, names, what, send }: {
  seats: string[]; names: Record<string, string>; what: string; send: (vp: Record<string, number>) => Promise<unknown>;
}) {
  const { run } = useDesk();
  const [vp, setVp] = useState<Record<string, string>>({});
  return (
    <form class="result" onSubmit={(e) => {
      e.preventDefault();
      void run(what, () => send(Object.fromEntries(seats.map((p) => [p, Number(vp[p] || 0)]))));
    }}>
      {seats.map((p) => (
        <label class="vp">{names[p] || p}
          <input type="number" min={0} max={5} step={0.5} value={vp[p] ?? ""} aria-label={t("tables.vp_of", { name: names[p] || p })}
            onInput={(e) => setVp({ ...vp, [p]: (e.target as HTMLInputElement).value })} />
        </label>
      ))}
      <button type="submit">{t("round.enter")}</button>
    </form>
  );
}

/** Extra time for one open table of round ``n`` (V:EKN 2.8, 3.3.3). */
function ExtendTable({ tid, n, tables }: { tid: string; n: number; tables: number[] }) {
  const { api, run } = useDesk();
  const [k, setK] = useState(0);
  const [minutes, setMinutes] = useState(5);
  const [reason, setReason] = useState("");
  if (!tables.length) return null;
  const target = k || tables[0]!;
  const send = () => call(() => api.POST("/v1/tournaments/{tid}/tables/rounds/{n}/tables/{k}/extensions", {
    params: { path: { tid, n, k: target } }, body: { minutes, reason } }));
  return (
    <form class="row" onSubmit={(e) => { e.preventDefault(); void run(t("clock.extend_what", { match: t("tables.table", { n: target }) }), send); }}>
      <Field label={t("round.table")}>
        <select value={target} onChange={(e) => setK(Number((e.target as HTMLSelectElement).value))}>
          {tables.map((x) => <option value={x}>{t("tables.table", { n: x })}</option>)}
        </select>
      </Field>
      <Field label={t("clock.minutes")}>
        <input type="number" min={1} max={60} value={minutes} onInput={(e) => setMinutes(Number((e.target as HTMLInputElement).value))} />
      </Field>
      <Field label={t("clock.reason")}>
        <input required maxLength={200} value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
      </Field>
      <button type="submit">{t("clock.extend")}</button>
    </form>
  );
}

export function Tables({ tid, live }: { tid: string; live: Live | null }) {
  const { api } = useDesk();
  const state = usePoll(() => tablesState(api, tid), [tid], POLL_MS, true);
  const s = state.data;
  if (!s) return <Section title={t("tab.rounds")}><ErrorBox error={state.error} /></Section>;
  const path = { params: { path: { tid } } };
  const open = s.round?.tables.some((x) => !x.result);
  const fin = s.final;
  return (
    <div>
      <Section title={t("tables.title")}>
        <ErrorBox error={state.error} />
        <p>{t("tables.progress", { count: s.index?.rounds.length || 0 })}</p>
        {!open && !fin ? <Action kind="primary" label={t("tables.seat", { n: (s.index?.rounds.length || 0) + 1 })}
          action={() => call(() => api.POST("/v1/tournaments/{tid}/tables/rounds", { ...path, body: {} }))} /> : null}
        {!open && !fin && s.round ? <Action label={t("tables.final")}
          action={() => call(() => api.POST("/v1/tournaments/{tid}/tables/final", { ...path, body: {} }))} /> : null}
      </Section>
      {s.round && !fin ? (
        <Section title={t("swiss.round", { n: s.round.round })}>
          {open && live?.round?.ends_at ? <p><Clock until={live.round.ends_at} /></p> : null}
          {s.round.tables.map((table) => (
            <div class="table-card">
              <h3>{t("tables.table", { n: table.table })}</h3>
              <p>{table.seats.map((x) => s.names[x.player_id] || x.player_id).join(" · ")}</p>
              {table.result ? <p>{table.result.map((r) => `${s.names[r.player_id]}: ${num(r.vp_halves / 2)} VP`).join(", ")}</p>
                : <VpForm seats={table.seats.map((x) => x.player_id)} names={s.names} what={t("tables.table", { n: table.table })}
                    send={(vp) => call(() => api.POST("/v1/tournaments/{tid}/tables/rounds/{n}/tables/{k}/result", {
                      params: { path: { tid, n: s.round!.round, k: table.table } }, body: { vp } }))} />}
            </div>
          ))}
          {open ? <ExtendTable tid={tid} n={s.round.round} tables={s.round.tables.filter((x) => !x.result).map((x) => x.table)} /> : null}
        </Section>
      ) : null}
      {fin ? (
        <Section title={t("tables.final_title")}>
          {fin.next ? <p>{t("tables.choosing", { name: s.names[fin.next] || fin.next })}{" "}
            {[1, 2, 3, 4, 5].slice(0, fin.qualifiers.length).map((pos) => (
              <Action label={t("tables.position", { n: pos })} action={() => call(() => api.POST("/v1/tournaments/{tid}/tables/final/cards",
                { ...path, body: { position: pos - 1 } }))} />))}</p> : null}
          {fin.seating && !fin.result ? <VpForm seats={fin.seating} names={s.names} what={t("tables.final_title")}
            send={(vp) => call(() => api.POST("/v1/tournaments/{tid}/tables/final/result", { ...path, body: { vp } }))} /> : null}
          {fin.result ? <p class="winner">{t("swiss.champion", { name: s.names[fin.result.find((r) => r.rank === 1)!.player] })}</p> : null}
        </Section>
      ) : null}
      {s.standings ? (
        <Section title={t("tables.standings")}>
          <table><thead><tr><th scope="col">#</th><th scope="col">{t("players.name")}</th><th scope="col">GW</th><th scope="col">VP</th><th scope="col">TP</th></tr></thead>
            <tbody>{s.standings.standings.map((r) => (
              <tr><td>{num(r.rank)}</td><th scope="row">{s.names[r.player] || r.player}</th><td>{num(r.gw)}</td><td>{num(r.vp_halves / 2)}</td><td>{num(r.tp)}</td></tr>
            ))}</tbody></table>
        </Section>
      ) : null}
    </div>
  );
}
