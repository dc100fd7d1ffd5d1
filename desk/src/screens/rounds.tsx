// Swiss play: the structure, pairing each round, result entry and confirmation status,
// extra time, the standings (after which round), the top cut and its bracket.
import { useState } from "preact/hooks";
import { type Api, call, DeskError } from "../api/client";
import { Action, ErrorBox, POLL_MS, Section, useDesk, usePoll, Field } from "../desk";
import { num, t } from "../i18n";
import { ExtendForm, MatchTable } from "./matches";
import { cutName, type Live, type Tournament } from "./overview";
import { allPlayers } from "./players";
import { Tables } from "./tables";

async function swissState(api: Api, tid: string) {
  const path = { params: { path: { tid } } };
  const overview = await call(() => api.GET("/v1/tournaments/{tid}/swiss", path)).catch((e) => {
    if (e instanceof DeskError && e.status === 404) return null;       // nothing paired yet
    throw e;
  });
  const n = overview ? overview.current_round || overview.rounds_paired : 0;
  const [round, standings, bracket, players] = await Promise.all([
    n ? call(() => api.GET("/v1/tournaments/{tid}/swiss/rounds/{n}", { params: { path: { tid, n }, query: { limit: 500 } } })) : null,
    n ? call(() => api.GET("/v1/tournaments/{tid}/swiss/standings", { params: { path: { tid }, query: { limit: 500 } } }))
      .catch((e) => { if (e instanceof DeskError && e.status === 404) return null; throw e; }) : null,
    overview?.top_cut ? call(() => api.GET("/v1/tournaments/{tid}/swiss/bracket", path)).catch((e) => {
      if (e instanceof DeskError && e.status === 404) return null;
      throw e;
    }) : null,
    allPlayers(api, tid)]);
  return { overview, round, standings, bracket, names: Object.fromEntries(players.map((p) => [p.player_id, p.name])) };
}

function Structure({ tid }: { tid: string }) {
  const { api, run } = useDesk();
  const [r, setR] = useState(3);
  const [c, setC] = useState(0);
  const send = () => call(() => api.POST("/v1/tournaments/{tid}/swiss/structure", {
    params: { path: { tid } }, body: { rounds: r, top_cut: c } }));
  return (
    <form class="row" onSubmit={(e) => { e.preventDefault(); void run(t("swiss.structure"), send); }}>
      <Field label={t("swiss.rounds")}><input type="number" min={1} max={30} value={r} onInput={(e) => setR(Number((e.target as HTMLInputElement).value))} /></Field>
      <Field label={t("swiss.cut")}><select value={c} onChange={(e) => setC(Number((e.target as HTMLSelectElement).value))}>
          {[0, 2, 4, 8, 16, 32].map((n) => <option value={n}>{n ? t("swiss.top", { n }) : t("swiss.no_cut")}</option>)}
        </select></Field>
      <button type="submit">{t("swiss.set")}</button>
    </form>
  );
}

function Swiss({ tid, live }: { tid: string; live: Live | null }) {
  const { api } = useDesk();
  const state = usePoll(() => swissState(api, tid), [tid], POLL_MS, true);
  const s = state.data;
  if (!s) return <Section title={t("tab.rounds")}><ErrorBox error={state.error} />{state.error ? null : <p>{t("loading")}</p>}</Section>;
  const o = s.overview || { rounds_paired: 0, planned_rounds: 0, planned_cut: 0, current_round: null,
    rounds: [] as { round: number; closed: boolean }[], draws_allowed: false };
  const open = o.current_round !== null && o.rounds.some((r) => r.round === o.current_round && !r.closed);
  const swissDone = !!s.overview && o.rounds_paired >= o.planned_rounds && !open;
  const draws = o.draws_allowed ?? false;
  const live_round = live?.round;
  const cutRound = s.bracket?.rounds.find((r) => r.matches.some((m) => m.status !== "final")) || null;
  return (
    <div>
      <Section title={t("swiss.title")}>
        <ErrorBox error={state.error} />
        {s.overview ? <p>{t("swiss.progress", { n: o.rounds_paired, of: o.planned_rounds })}
          {o.planned_cut ? " · " + t("swiss.top", { n: o.planned_cut }) : " · " + t("swiss.no_cut")}</p>
          : <><p>{t("swiss.none")}</p><details><summary>{t("swiss.structure")}</summary><Structure tid={tid} /></details></>}
        {!open && !swissDone ? <Action kind="primary" label={t("swiss.pair", { n: o.rounds_paired + 1 })}
          action={() => call(() => api.POST("/v1/tournaments/{tid}/swiss/rounds", { params: { path: { tid } }, body: {} }))} /> : null}
        {swissDone && o.planned_cut && !s.bracket ? <Action kind="primary" label={t("swiss.cut_to", { n: o.planned_cut })}
          action={() => call(() => api.POST("/v1/tournaments/{tid}/swiss/top-cut", { params: { path: { tid } }, body: {} }))} /> : null}
        {swissDone && (!o.planned_cut || s.bracket?.champion) ? <p><a href={`#/t/${tid}/finish`}>{t("swiss.to_finish")}</a></p> : null}
      </Section>
      {s.round && !s.bracket ? (
        <Section title={t("swiss.round", { n: s.round.round })}>
          <MatchTable tid={tid} caption={t("swiss.pairings", { n: s.round.round })} matches={s.round.matches}
            names={s.names} draws={draws} endsAt={s.round.closed ? null : s.round.ends_at} />
          {s.round.bye ? <p>{t("swiss.bye", { name: s.names[s.round.bye] || s.round.bye })}</p> : null}
          {!s.round.closed ? <ExtendForm tid={tid} matches={s.round.matches} names={s.names} /> : null}
        </Section>
      ) : null}
      {s.bracket ? (
        <Section title={t("swiss.bracket", { n: s.bracket.size })}>
          {s.bracket.champion ? <p class="winner">{t("swiss.champion", { name: s.names[s.bracket.champion] || s.bracket.champion })}</p> : null}
          {s.bracket.rounds.map((r) => (
            <MatchTable tid={tid} caption={cutName(r.matches.length)} matches={r.matches} names={s.names} draws={false}
              endsAt={cutRound === r && live_round?.kind === "top-cut" ? live_round.ends_at : null} />
          ))}
          {cutRound ? <ExtendForm tid={tid} matches={cutRound.matches} names={s.names} /> : null}
        </Section>
      ) : null}
      {s.standings ? (
        <Section title={t("swiss.standings_after", { n: s.standings.round })}>
          <table>
            <caption class="sr-only">{t("swiss.standings_after", { n: s.standings.round })}</caption>
            <thead><tr><th scope="col">#</th><th scope="col">{t("players.name")}</th><th scope="col">{t("swiss.points")}</th>
              <th scope="col">{t("swiss.record")}</th></tr></thead>
            <tbody>{s.standings.rows.map((r) => (
              <tr><td>{num(r.rank)}</td><th scope="row">{r.name}</th><td>{num(r.points)}</td>
                <td class="nowrap">{`${num(r.wins)}–${num(r.losses)}–${num(r.draws)}`}{r.byes ? " " + t("swiss.plus_byes", { count: r.byes }) : ""}</td></tr>
            ))}</tbody>
          </table>
        </Section>
      ) : null}
    </div>
  );
}

export function Rounds({ tid, event, live }: { tid: string; event: Tournament; live: Live | null }) {
  if (event.status === "registration") return <Section title={t("tab.rounds")}><p>{t("product.after_start")}</p></Section>;
  if (event.structure === "multiplayer-tables") return <Tables tid={tid} live={live} />;
  if (event.structure === "swiss") return <Swiss tid={tid} live={live} />;
  return <Section title={t("tab.rounds")}><p>{t("rounds.elsewhere")}</p></Section>;
}
