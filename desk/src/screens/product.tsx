// The product phase: sealed product handed out and opened (a swap dealt), or a booster
// draft started, followed pod by pod, with judge picks for absent players.
import { type Api, call, DeskError } from "../api/client";
import { Action, ErrorBox, Section, useDesk, usePoll } from "../desk";
import { num, t } from "../i18n";
import type { Tournament } from "./overview";
import { allPlayers } from "./players";

async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof DeskError && err.status === 404) return null;
    throw err;
  }
}

function Sealed({ tid }: { tid: string }) {
  const { api } = useDesk();
  const path = { params: { path: { tid } } };
  const sealed = usePoll(() => orNull(call(() => api.GET("/v1/tournaments/{tid}/sealed", path))), [tid]);
  const s = sealed.data as { status: string; swap: boolean; players: string[] } | null;
  return (
    <Section title={t("product.sealed")}>
      <ErrorBox error={sealed.error} />
      <p>{s ? t(`sealed.${s.status}`, { count: s.players.length }) : t("sealed.none")}</p>
      {!s ? <Action kind="primary" label={t("sealed.hand_out")}
        action={() => call(() => api.POST("/v1/tournaments/{tid}/sealed", path))} /> : null}
      {s && s.status === "allocated" ? <Action kind="primary" label={t("sealed.open")}
        action={() => call(() => api.POST("/v1/tournaments/{tid}/sealed/open", path))} /> : null}
      {s && s.swap && s.status !== "final" ? <Action label={t("sealed.swap")}
        action={() => call(() => api.POST("/v1/tournaments/{tid}/sealed/swap", path))} /> : null}
    </Section>
  );
}

interface Seat { seat: number; player: string; picks: number; waiting_packs: number; }
interface Pod { pod: number; status: string; round: number; rounds: number; seats: Seat[]; picks_made: number; }

async function draftState(api: Api, tid: string) {
  const overview = await orNull(call(() => api.GET("/v1/tournaments/{tid}/draft", { params: { path: { tid } } })));
  if (!overview) return null;
  const pods = await Promise.all(overview.pods.map((p) => call(() => api.GET("/v1/tournaments/{tid}/draft/pods/{n}",
    { params: { path: { tid, n: p.pod } } })) as Promise<unknown> as Promise<Pod>));
  const players = await allPlayers(api, tid);
  const names = Object.fromEntries(players.map((p) => [p.player_id, p.name]));
  const seated = new Set(pods.flatMap((p) => p.seats.map((s) => s.player)));
  const late = new Set(overview.late_arrivals.map((x) => x.player_id));
  // V:EKN 7.2.6: a player registered after the draft began gets sealed product instead
  const unseated = players.filter((p) => p.status === "active" && !seated.has(p.player_id) && !late.has(p.player_id));
  return { overview, pods, names, unseated, late: [...late] };
}

function Draft({ tid }: { tid: string }) {
  const { api } = useDesk();
  const state = usePoll(() => draftState(api, tid), [tid], 3000);
  const d = state.data;
  const pickFor = (pod: number, pid: string) => call(() => api.POST(
    "/v1/tournaments/{tid}/draft/pods/{n}/players/{pid}/pick-for", { params: { path: { tid, n: pod, pid } }, body: {} }));
  const pickAll = async () => {
    const now = await draftState(api, tid);           // what waits now, not when last drawn
    for (const pod of now?.pods || []) {
      for (const seat of pod.seats) if (seat.waiting_packs) await pickFor(pod.pod, seat.player);
    }
  };
  const waiting = (d?.pods || []).reduce((n, p) => n + p.seats.filter((s) => s.waiting_packs).length, 0);
  return (
    <Section title={t("product.booster-draft")}>
      <ErrorBox error={state.error} />
      {!d ? <><p>{t("draft.none")}</p><Action kind="primary" label={t("draft.start")}
        action={() => call(() => api.POST("/v1/tournaments/{tid}/draft", { params: { path: { tid } } }))} /></> : null}
      {d ? <p>{t(`draft.${d.overview.status}`)} · {t("draft.packs", { count: d.overview.rounds })}</p> : null}
      {d?.unseated.map((p) => (
        <p>{t("draft.unseated", { name: p.name })}{" "}
          <Action label={t("draft.late_product")} what={t("draft.late_what", { name: p.name })}
            action={() => call(() => api.POST("/v1/tournaments/{tid}/draft/late-arrivals", {
              params: { path: { tid } }, body: { player_id: p.player_id } }))} /></p>
      ))}
      {d && d.late.length ? <p>{t("draft.late", { names: d.late.map((pid) => d.names[pid] || pid).join(", ") })}</p> : null}
      {d && waiting ? <p><Action label={t("draft.pick_all", { count: waiting })} action={pickAll} /></p> : null}
      {d?.pods.map((pod) => (
        <table>
          <caption>{t("draft.pod", { n: pod.pod })} · {t(`draft.${pod.status}`)} · {t("draft.pack", { n: pod.round, of: pod.rounds })} · {t("draft.picks", { count: pod.picks_made })}</caption>
          <thead><tr><th scope="col">{t("draft.seat")}</th><th scope="col">{t("players.name")}</th>
            <th scope="col">{t("draft.picked")}</th><th scope="col">{t("draft.waiting")}</th><th scope="col">{t("players.actions")}</th></tr></thead>
          <tbody>{pod.seats.map((s) => (
            <tr><td>{num(s.seat)}</td><th scope="row">{d.names[s.player] || s.player}</th><td>{num(s.picks)}</td>
              <td>{num(s.waiting_packs)}</td>
              <td>{s.waiting_packs ? <Action label={t("draft.pick_for")} what={t("draft.pick_for_what", { name: d.names[s.player] || s.player })}
                name={`${t("draft.pick_for")}: ${d.names[s.player] || s.player}`}
                action={() => pickFor(pod.pod, s.player)} /> : null}</td></tr>
          ))}</tbody>
        </table>
      ))}
    </Section>
  );
}

export function Product({ tid, event }: { tid: string; event: Tournament }) {
  if (event.status === "registration") return <Section title={t("tab.product")}><p>{t("product.after_start")}</p></Section>;
  if (event.format === "sealed" || event.format === "sealed-swap") return <Sealed tid={tid} />;
  if (event.format === "booster-draft") return <Draft tid={tid} />;
  return <Section title={t("tab.product")}><p>{t("product.elsewhere", { format: t(`format.${event.format}`) })}</p></Section>;
}
