// One event: its name, status and phase (from the public live view, followed through the
// event's change feed), and a tab per stage of the day. The tab is in the address, so a
// reload comes back to it.
import { useContext } from "preact/hooks";
import { call } from "../api/client";
import { ErrorBox, LiveContext, POLL_MS, useDesk, usePoll } from "../desk";
import { t } from "../i18n";
import { useFeed } from "../live";
import { Calls } from "./calls";
import { CheckIn } from "./checkin";
import { Decks } from "./decks";
import { Finish } from "./finish";
import { Judging } from "./judging";
import { Overview, phaseText } from "./overview";
import { Players } from "./players";
import { Product } from "./product";
import { Rounds } from "./rounds";

const TABS = ["overview", "players", "checkin", "product", "decks", "rounds", "calls", "judging", "finish"] as const;

export function EventScreen({ tid, tab }: { tid: string; tab: string }) {
  const { base } = useDesk();
  const feed = useFeed(base, tid);
  return <LiveContext.Provider value={feed}><Event tid={tid} tab={tab} /></LiveContext.Provider>;
}

function Event({ tid, tab }: { tid: string; tab: string }) {
  const { api } = useDesk();
  const feed = useContext(LiveContext);
  const event = usePoll(() => call(() => api.GET("/v1/tournaments/{tid}", { params: { path: { tid } } })), [tid], POLL_MS, true);
  const live = usePoll(() => call(() => api.GET("/v1/tournaments/{tid}/live", { params: { path: { tid } }, cache: "no-cache" })), [tid], POLL_MS, true);
  const x = event.data;
  const shown = (TABS as readonly string[]).includes(tab) ? tab : "overview";
  return (
    <div>
      <p><a href="#/">{t("nav.events")}</a></p>
      <h1>{x ? x.name : t("loading")}</h1>
      <ErrorBox error={event.error} />
      {x && live.data ? (
        <p class="status-line">
          <span class="pill">{t(`status.${x.status}`)}</span>{" "}
          <span>{t(`game.${x.game}`)} · {t(`format.${x.format}`)} · {t(`structure.${x.structure}`)}</span>{" "}
          <strong data-phase={live.data.phase.kind}>{phaseText(live.data)}</strong>{" "}
          <span class="muted" data-following={feed?.streaming() ? "feed" : "polling"}>
            {feed?.streaming() ? t("live.feed") : t("live.polling")}</span>
        </p>
      ) : null}
      <nav class="tabs" aria-label={t("nav.stages")}>
        <ul>
          {TABS.map((name) => (
            <li><a href={`#/t/${tid}/${name}`} aria-current={name === shown ? "page" : undefined}>{t(`tab.${name}`)}</a></li>
          ))}
        </ul>
      </nav>
      {x ? (
        shown === "players" ? <Players tid={tid} event={x} /> :
        shown === "checkin" ? <CheckIn tid={tid} event={x} live={live.data} /> :
        shown === "calls" ? <Calls tid={tid} event={x} /> :
        shown === "product" ? <Product tid={tid} event={x} /> :
        shown === "decks" ? <Decks tid={tid} /> :
        shown === "rounds" ? <Rounds tid={tid} event={x} live={live.data} /> :
        shown === "judging" ? <Judging tid={tid} event={x} /> :
        shown === "finish" ? <Finish tid={tid} event={x} /> :
        <Overview tid={tid} event={x} live={live.data} />
      ) : null}
    </div>
  );
}
