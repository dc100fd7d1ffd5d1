// Deck registration: open it (with a deadline), who has registered, publish the lists.
import { useState } from "preact/hooks";
import { call, DeskError } from "../api/client";
import { Action, ErrorBox, Section, useDesk, usePoll, Field } from "../desk";
import { dateTime, num, t } from "../i18n";
import { allPlayers } from "./players";

export function Decks({ tid }: { tid: string }) {
  const { api } = useDesk();
  const path = { params: { path: { tid } } };
  const state = usePoll(async () => {
    const [decks, players] = await Promise.all([
      call(() => api.GET("/v1/tournaments/{tid}/decks", path)).catch((err) => {
        if (err instanceof DeskError && err.status === 409) return null;   // not open yet
        throw err;
      }),
      allPlayers(api, tid)]);
    return { decks, names: Object.fromEntries(players.map((p) => [p.player_id, p.name])) };
  }, [tid]);
  const [minutes, setMinutes] = useState(30);
  const d = state.data?.decks;
  const deadline = () => new Date(Date.now() + minutes * 60000).toISOString().replace(/\.\d+Z$/, "Z");
  return (
    <Section title={t("tab.decks")}>
      <ErrorBox error={state.error} />
      {!d || !d.open ? (
        <form class="row" onSubmit={(e) => e.preventDefault()}>
          <p>{d ? t("decks.closed") : t("decks.not_open")}</p>
          <Field label={t("decks.minutes")}><input type="number" min={1} max={600} value={minutes} onInput={(e) => setMinutes(Number((e.target as HTMLInputElement).value))} /></Field>
          <Action kind="primary" label={t("decks.open")}
            action={() => call(() => api.POST("/v1/tournaments/{tid}/decks/open", { ...path, body: { deadline: deadline() } }))} />
        </form>
      ) : null}
      {d ? (
        <>
          <p>{t("decks.registered", { count: d.registered, of: num(d.players.length) })}
            {d.deadline ? " · " + t("decks.deadline", { at: dateTime(d.deadline) }) : ""}
            {d.published ? " · " + t("decks.published") : ""}</p>
          {!d.published ? <Action label={t("decks.publish")}
            action={() => call(() => api.POST("/v1/tournaments/{tid}/decks/publish", path))} /> : null}
          <table>
            <caption class="sr-only">{t("tab.decks")}</caption>
            <thead><tr><th scope="col">{t("players.name")}</th><th scope="col">{t("decks.status")}</th></tr></thead>
            <tbody>{d.players.map((p) => (
              <tr><th scope="row">{state.data!.names[p.player_id] || p.player_id}</th>
                <td>{p.registered ? t("decks.yes") + (p.reopened ? " · " + t("decks.reopened") : "") : t("decks.no")}</td></tr>
            ))}</tbody>
          </table>
        </>
      ) : null}
    </Section>
  );
}
