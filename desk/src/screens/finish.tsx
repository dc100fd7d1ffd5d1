// The end: finish the event (or end it early, saying why), the report and its files.
import { useState } from "preact/hooks";
import { call, DeskError } from "../api/client";
import { Action, ErrorBox, Section, useDesk, usePoll, Field } from "../desk";
import { num, t } from "../i18n";
import type { Tournament } from "./overview";

export function Finish({ tid, event }: { tid: string; event: Tournament }) {
  const { api, run } = useDesk();
  const path = { params: { path: { tid } } };
  const [reason, setReason] = useState("");
  const report = usePoll(() => event.status === "finished"
    ? call(() => api.GET("/v1/tournaments/{tid}/report", path)).catch((e) => {
      if (e instanceof DeskError && e.status === 409) return null;
      throw e;
    }) : Promise.resolve(null), [tid, event.status], 60000);
  const download = (kind: "csv" | "archon") => run(t("finish.download", { kind }), async () => {
    const text = kind === "csv"
      ? await call(() => api.GET("/v1/tournaments/{tid}/report/csv", { ...path, parseAs: "text" }))
      : await call(() => api.GET("/v1/tournaments/{tid}/report/archon", { ...path, parseAs: "text" }));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text as string], { type: "text/csv" }));
    link.download = `${tid}-${kind}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  });
  const r = report.data as null | { players: unknown[]; seed?: { verified?: boolean }; incomplete?: boolean };
  return (
    <Section title={t("tab.finish")}>
      {event.status === "running" ? (
        <>
          <p>{t("finish.intro")}</p>
          <Action kind="primary" label={t("finish.finish")}
            action={() => call(() => api.POST("/v1/tournaments/{tid}/finish", { ...path, body: {} }))} />
          <form class="row" onSubmit={(e) => e.preventDefault()}>
            <Field label={t("finish.reason")}><input maxLength={500} value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} /></Field>
            <Action kind="danger" label={t("finish.early")} disabled={!reason}
              action={() => call(() => api.POST("/v1/tournaments/{tid}/finish", { ...path, body: { incomplete: true, reason } }))} />
          </form>
        </>
      ) : event.status === "registration" ? <p>{t("product.after_start")}</p> : null}
      {event.status === "finished" ? (
        <>
          <p>{t("finish.done")}</p>
          <p>{t("finish.seed")} <code class="hash">{event.seed}</code></p>
          <ErrorBox error={report.error} />
          {r ? <p>{t("finish.report", { count: r.players.length })}{r.incomplete ? " · " + t("finish.incomplete") : ""}</p> : null}
          <p class="row">
            <button type="button" onClick={() => download("csv")}>{t("finish.csv")}</button>
            {event.game === "vtes" ? <button type="button" onClick={() => download("archon")}>{t("finish.archon")}</button> : null}
          </p>
          <p class="muted">{t("finish.federation", { n: num(r?.players.length || 0) })}</p>
        </>
      ) : null}
    </Section>
  );
}
