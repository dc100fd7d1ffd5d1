// The organizer's events (running and open for registration) and a new one from a
// game's profile; a judge goes straight to the event their token is for.
import { useState } from "preact/hooks";
import { call } from "../api/client";
import { Section, useDesk, usePoll, ErrorBox, Field } from "../desk";
import { dateTime, t } from "../i18n";

const FORMATS = ["sealed", "sealed-swap", "booster-draft", "table-draft", "mixed-draft",
  "restricted-trade"] as const;
type Format = typeof FORMATS[number];
type Game = "vtes" | "hack" | "munchkin" | "mtg";

export function Events() {
  const { api, me, run } = useDesk();
  const list = usePoll(async () => {
    const pages = await Promise.all((["registration", "running", "finished"] as const).map((status) =>
      call(() => api.GET("/v1/tournaments", { params: { query: { status, limit: 200 } } }))));
    return pages.flatMap((p) => p.items)
      .filter((x) => me.role === "admin" || x.organizer_id === me.id || x.tournament_id === (me as { tournament_id?: string }).tournament_id);
  }, []);
  const profiles = usePoll(() => call(() => api.GET("/v1/profiles")), [], 600000);
  const [name, setName] = useState("");
  const [game, setGame] = useState<Game>("munchkin");
  const [format, setFormat] = useState<Format>("sealed");
  const [open, setOpen] = useState("");
  const [packs, setPacks] = useState("");
  const [review, setReview] = useState("");
  const drafted = format === "booster-draft";
  const create = async () => {
    // a booster draft's own pace, merged over the game profile's (empty: the profile's)
    const draft: Record<string, number> = {};
    if (drafted && packs) draft.packs = Number(packs);
    if (drafted && review) draft.review_seconds = Number(review);
    const settings = Object.keys(draft).length ? { draft } : undefined;
    const made = await call(() => api.POST("/v1/tournaments", { body: { name, game, format, settings } }));
    location.hash = `#/t/${made.tournament_id}/players`;
  };
  return (
    <div>
      <h1>{t("events.title")}</h1>
      <Section title={t("events.new")}>
        <form class="row" onSubmit={(e) => { e.preventDefault(); void run(t("events.create"), create); }}>
          <Field label={t("events.name")}><input required maxLength={120} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} /></Field>
          <Field label={t("events.game")}><select value={game} onChange={(e) => setGame((e.target as HTMLSelectElement).value as Game)}>
              {(profiles.data?.profiles || []).map((p) => <option value={p.game}>{p.name}</option>)}
            </select></Field>
          <Field label={t("events.format")}><select value={format} onChange={(e) => setFormat((e.target as HTMLSelectElement).value as Format)}>
              {FORMATS.map((f) => <option value={f}>{t(`format.${f}`)}</option>)}
            </select></Field>
          {drafted ? <>
            <Field label={t("events.packs")}><input type="number" min={1} max={24} value={packs}
              onInput={(e) => setPacks((e.target as HTMLInputElement).value)} /></Field>
            <Field label={t("events.review")}><input type="number" min={0} max={3600} value={review}
              onInput={(e) => setReview((e.target as HTMLInputElement).value)} /></Field>
          </> : null}
          <button class="primary" type="submit">{t("events.create")}</button>
        </form>
      </Section>
      <Section title={t("events.mine")}>
        <ErrorBox error={list.error} />
        {list.data && !list.data.length ? <p>{t("events.none")}</p> : null}
        <ul class="events">
          {(list.data || []).slice().reverse().map((x) => (
            <li><a href={`#/t/${x.tournament_id}/overview`}>{x.name}</a>{" "}
              <span class="muted">{t(`game.${x.game}`)} · {t(`format.${x.format}`)} · {t(`status.${x.status}`)}
                {x.starts_at ? " · " + dateTime(x.starts_at) : ""}</span></li>
          ))}
        </ul>
        <form class="row" onSubmit={(e) => { e.preventDefault(); location.hash = `#/t/${open.trim()}/overview`; }}>
          <Field label={t("events.open_id")}><input pattern="t[0-9a-f]{12}" required value={open} onInput={(e) => setOpen((e.target as HTMLInputElement).value)} /></Field>
          <button type="submit">{t("events.open")}</button>
        </form>
      </Section>
    </div>
  );
}
