// Registration: players added at the desk (a token for each, shown once), drops and
// removals, late arrivals marked, and the start of the event.
import { useState } from "preact/hooks";
import { type Api, call, type Schemas } from "../api/client";
import { Action, Section, useDesk, usePoll, ErrorBox, Field } from "../desk";
import { num, t, time } from "../i18n";
import type { Tournament } from "./overview";

type Player = Schemas["Player"];

export async function allPlayers(api: Api, tid: string): Promise<Player[]> {
  const out: Player[] = [];
  let after: string | undefined;
  do {
    const page = await call(() => api.GET("/v1/tournaments/{tid}/players", {
      params: { path: { tid }, query: { limit: 200, ...(after ? { after } : {}) } } }));
    out.push(...page.players);
    after = page.next || undefined;
  } while (after);
  return out;
}

export function Players({ tid, event }: { tid: string; event: Tournament }) {
  const { api, run } = useDesk();
  const players = usePoll(() => allPlayers(api, tid), [tid]);
  const [name, setName] = useState("");
  const [member, setMember] = useState("");
  const [issued, setIssued] = useState<{ name: string; token: string }[]>([]);
  const register = async () => {
    const reply = await call(() => api.POST("/v1/tournaments/{tid}/players", {
      params: { path: { tid } }, body: { name, ...(member ? { member_id: member } : {}) } }));
    if (reply.token) setIssued((list) => [{ name: reply.player.name, token: reply.token! }, ...list]);
    setName("");
    setMember("");
    document.getElementById("new-player")?.focus();
  };
  const rows = players.data || [];
  const active = rows.filter((p) => p.status === "active").length;
  return (
    <div>
      <Section title={t("players.register")}>
        <form class="row" onSubmit={(e) => { e.preventDefault(); void run(t("players.add"), register); }}>
          <Field label={t("players.name")}><input id="new-player" required maxLength={80} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} /></Field>
          <Field label={t("players.member")}><input maxLength={40} value={member} onInput={(e) => setMember((e.target as HTMLInputElement).value)} /></Field>
          <button class="primary" type="submit">{t("players.add")}</button>
        </form>
        {issued.length ? (
          <details open>
            <summary>{t("players.tokens")}</summary>
            <p class="muted">{t("players.tokens_hint")}</p>
            <ul>{issued.map((x) => <li>{x.name}: <code>{x.token}</code></li>)}</ul>
          </details>
        ) : null}
        {event.status === "registration" ? (
          <p><Action kind="primary" label={t("players.start", { count: active })}
            action={() => call(() => api.POST("/v1/tournaments/{tid}/start", { params: { path: { tid } } }))} /></p>
        ) : null}
      </Section>
      <Section title={t("players.list", { count: active })}>
        <ErrorBox error={players.error} />
        <table>
          <caption class="sr-only">{t("players.list", { count: active })}</caption>
          <thead><tr><th scope="col">{t("players.name")}</th><th scope="col">{t("players.status")}</th>
            <th scope="col" class="wide">{t("players.registered")}</th><th scope="col">{t("players.actions")}</th></tr></thead>
          <tbody>
            {rows.map((p) => (
              <tr>
                <th scope="row">{p.name}{p.member_id ? <span class="muted"> ({p.member_id})</span> : null}</th>
                <td>{t(`player.${p.status}`)}{p.late ? " · " + t("player.late") : ""}</td>
                <td class="wide">{time(p.registered_at)}</td>
                <td class="actions">
                  {p.status === "active" && event.status === "registration" ? (
                    <Action label={t("players.remove")} what={t("players.remove_what", { name: p.name })} kind="danger"
                      name={`${t("players.remove")}: ${p.name}`}
                      action={() => call(() => api.DELETE("/v1/tournaments/{tid}/players/{pid}", { params: { path: { tid, pid: p.player_id } } }))} />
                  ) : p.status === "active" && event.status === "running" ? (
                    <Action label={t("players.drop")} what={t("players.drop_what", { name: p.name })} kind="danger"
                      name={`${t("players.drop")}: ${p.name}`}
                      action={() => call(() => api.POST("/v1/tournaments/{tid}/players/{pid}/drop", {
                        params: { path: { tid, pid: p.player_id } }, body: {} }))} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p class="muted">{t("players.count", { count: rows.length, active: num(active) })}</p>
      </Section>
    </div>
  );
}
