// Check-in at the venue: self check-in opened for the event or a round (its code and QR
// code shown for players to scan), who is present, the no-shows, and staff marking a
// player present (V:EKN 3.3: settle the no-shows before pairing or seating the round).
import { useEffect, useState } from "preact/hooks";
import { call } from "../api/client";
import { Action, ErrorBox, Field, POLL_MS, Section, useDesk, usePoll } from "../desk";
import { t, time } from "../i18n";
import type { Live, Tournament } from "./overview";

const OPEN_POLL_MS = 2000;

/** The open check-in's QR code (an authenticated read) as an image address. */
function useQr(tid: string, round: number | null, code: string | null): string {
  const { api } = useDesk();
  const [url, setUrl] = useState("");
  useEffect(() => {
    if (!code) { setUrl(""); return; }
    let made = "";
    let gone = false;
    const query = round ? { round } : {};
    call(() => api.GET("/v1/tournaments/{tid}/checkin/qr.svg", { params: { path: { tid }, query }, parseAs: "blob" }))
      .then((blob) => { if (!gone) { made = URL.createObjectURL(blob as unknown as Blob); setUrl(made); } })
      .catch(() => setUrl(""));
    return () => { gone = true; if (made) URL.revokeObjectURL(made); };
  }, [tid, round, code]);
  return url;
}

export function CheckIn({ tid, event, live }: { tid: string; event: Tournament; live: Live | null }) {
  const { api } = useDesk();
  const inPlay = live?.round?.number ?? null;
  const [scope, setScope] = useState<string>("");
  const round = scope ? Number(scope) : null;
  const query = round ? { round } : {};
  const path = { params: { path: { tid }, query } };
  // players arrive by the minute while self check-in is open: the list follows closely
  const [open, setOpen] = useState(false);
  const state = usePoll(() => call(() => api.GET("/v1/tournaments/{tid}/checkin", path)), [tid, scope],
                        open ? OPEN_POLL_MS : POLL_MS);
  const s = state.data;
  useEffect(() => setOpen(!!s?.open), [s?.open]);
  const qr = useQr(tid, round, s && s.open ? s.code : null);
  const body = round ? { round } : {};
  const rounds = Array.from({ length: Math.max(inPlay ?? 0, 0) + 1 }, (_, i) => i + 1);
  return (
    <div>
      <Section title={t("checkin.title")}>
        <form class="row" onSubmit={(e) => e.preventDefault()}>
          <Field label={t("checkin.scope")}><select value={scope} onChange={(e) => setScope((e.target as HTMLSelectElement).value)}>
              <option value="">{t("checkin.event")}</option>
              {event.status !== "registration" ? rounds.map((n) => <option value={String(n)}>{t("checkin.round", { n })}</option>) : null}
            </select></Field>
        </form>
        <ErrorBox error={state.error} />
        {s ? <p data-open={s.open ? "yes" : "no"}>{s.open ? t("checkin.open_now") : t("checkin.closed_now")}</p> : null}
        {s && s.open && s.code ? (
          <div class="qr">
            {qr ? <img src={qr} width={220} height={220} alt={t("checkin.qr_alt", { code: s.code })} /> : null}
            <p>{t("checkin.code")} <strong class="code">{s.code}</strong></p>
          </div>
        ) : null}
        {event.status !== "finished" ? <div class="row">
          <Action kind="primary" label={s && s.open ? t("checkin.new_code") : t("checkin.open")}
            action={() => call(() => api.POST("/v1/tournaments/{tid}/checkin/open", { params: { path: { tid } }, body }))} />
          {s && s.open ? <Action label={t("checkin.close")}
            action={() => call(() => api.POST("/v1/tournaments/{tid}/checkin/close", { params: { path: { tid } }, body }))} /> : null}
        </div> : null}
      </Section>
      {s ? (
        <Section title={t("checkin.present", { count: s.checked_in.length })}>
          {s.no_shows.length ? (
            <table>
              <caption>{t("checkin.no_shows", { count: s.no_shows.length })}</caption>
              <thead><tr><th scope="col">{t("players.name")}</th><th scope="col">{t("players.actions")}</th></tr></thead>
              <tbody>{s.no_shows.map((p) => (
                <tr key={p.player_id} data-player={p.player_id}><th scope="row">{p.name}</th>
                  <td><Action label={t("checkin.mark")} name={`${t("checkin.mark")}: ${p.name}`}
                    what={t("checkin.mark_what", { name: p.name })}
                    action={() => call(() => api.POST("/v1/tournaments/{tid}/checkin/players/{pid}",
                      { params: { path: { tid, pid: p.player_id } }, body }))} /></td></tr>
              ))}</tbody>
            </table>
          ) : <p>{t("checkin.all_here")}</p>}
          {s.checked_in.length ? (
            <table>
              <caption>{t("checkin.here")}</caption>
              <thead><tr><th scope="col">{t("players.name")}</th><th scope="col">{t("checkin.at")}</th><th scope="col">{t("checkin.by")}</th></tr></thead>
              <tbody>{s.checked_in.map((p) => (
                <tr key={p.player_id}><th scope="row">{p.name}</th><td>{time(p.at)}</td><td>{t(`checkin.by_${p.by}`)}</td></tr>
              ))}</tbody>
            </table>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}
