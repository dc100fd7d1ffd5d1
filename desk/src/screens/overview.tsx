// Where the event stands and what comes next, with the round's clock.
import { useEffect, useState } from "preact/hooks";
import type { Schemas } from "../api/client";
import { Section } from "../desk";
import { countdown, num, t, time } from "../i18n";

export type Live = Schemas["LiveTournament"];
export type Tournament = Schemas["Tournament"];

/** A top-cut round's name from its number of matches. */
export function cutName(matches: number): string {
  if (matches === 1) return t("cut.final");
  if (matches === 2) return t("cut.semifinals");
  if (matches === 4) return t("cut.quarterfinals");
  return t("cut.round_of", { count: matches * 2 });
}

export function phaseText(live: Live): string {
  const phase = live.phase.kind;
  const round = live.round;
  if (phase === "round" && round) {
    if (round.kind === "ffa") return t("phase.pods");
    const of = round.of ? t("phase.of", { of: round.of }) : "";
    return t(round.in_play ? "phase.round_play" : "phase.round_done", { n: round.number ?? 0, of });
  }
  if (phase === "top-cut" && round) return t("phase.top_cut", { name: cutName(round.matches?.length || 1) });
  if (phase === "final" && round) return t(round.in_play ? "phase.final_play" : "phase.final_done");
  if (phase === "product") return t(`product.${live.format}`);
  return t(`phase.${phase}`);
}

export function Clock({ until, label }: { until: string | null | undefined; label?: string }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!until) return null;
  const left = Date.parse(until) - now;
  return (
    <span class={left < 0 ? "clock over" : "clock"} role="timer" aria-label={label || t("clock.label")}>
      {left < 0 ? t("clock.over", { time: countdown(until, now) }) : t("clock.left", { time: countdown(until, now) })}
      {" "}<span class="muted">({t("clock.ends", { time: time(until) })})</span>
    </span>
  );
}

const NEXT: Record<string, string> = {
  registration: "players", product: "product", "deck-building": "rounds", round: "rounds",
  "top-cut": "rounds", final: "rounds", finished: "finish",
};

export function Overview({ tid, event, live }: { tid: string; event: Tournament; live: Live | null }) {
  const phase = live?.phase.kind || "registration";
  const next = NEXT[phase] || "rounds";
  return (
    <Section title={t("tab.overview")}>
      <dl class="facts">
        <dt>{t("overview.players")}</dt><dd>{num(live?.players ?? 0)}</dd>
        <dt>{t("overview.phase")}</dt><dd>{live ? phaseText(live) : ""}</dd>
        {live?.round?.in_play && live.round.ends_at ? <><dt>{t("clock.label")}</dt><dd><Clock until={live.round.ends_at} /></dd></> : null}
        <dt>{t("overview.seed")}</dt><dd><code class="hash">{event.seed_sha256}</code></dd>
        <dt>{t("overview.id")}</dt><dd><code>{tid}</code></dd>
      </dl>
      <p>{t(`next.${phase}`)} <a href={`#/t/${tid}/${next}`}>{t(`tab.${next}`)}</a></p>
      <p><a href={`../widget/${tid}`} target="_blank" rel="noopener">{t("overview.widget")}</a></p>
    </Section>
  );
}
