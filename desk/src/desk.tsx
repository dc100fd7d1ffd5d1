// What every screen shares: the API, who is signed in, a way to run an action (its
// refusal shown with the server's code and request id, its success announced), and
// polled reads that refresh after every action.
import { cloneElement, createContext, type ComponentChildren, type VNode } from "preact";
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { type Api, DeskError } from "./api/client";
import { t } from "./i18n";

export interface Me { role: string; id: string; name: string | null; }

export interface DeskState {
  api: Api;
  base: string;
  me: Me;
  tick: number;
  run: (what: string, action: () => Promise<unknown>) => Promise<boolean>;
}

export const DeskContext = createContext<DeskState | null>(null);

export function useDesk(): DeskState {
  const desk = useContext(DeskContext);
  if (!desk) throw new Error("outside the desk");
  return desk;
}

export const POLL_MS = 5000;
/** How often a read the public change feed covers is polled while the feed is followed. */
export const FOLLOWED_POLL_MS = 30000;

let inFlight = 0;

/** Reads in flight mark the page busy (``aria-busy`` on main) until they are all back. */
function reading(delta: number): void {
  inFlight += delta;
  document.getElementById("main")?.setAttribute("aria-busy", inFlight > 0 ? "true" : "false");
}

/** The event's public change feed as followed by the event's screen: ``pulse`` grows
 * with each batch of entries; ``streaming()`` says whether the feed is connected. */
export interface Live { pulse: number; streaming: () => boolean; }
export const LiveContext = createContext<Live | null>(null);

/** ``load`` now, again every ``every`` ms while the page is visible, after each action
 * and after each batch of the event's change feed; a read the feed covers (``followed``)
 * is polled only every 30 s while the feed is connected. The last good data stays on
 * screen while a later read fails. */
export function usePoll<T>(load: () => Promise<T>, keys: unknown[], every = POLL_MS, followed = false) {
  const { tick } = useDesk();
  const live = useContext(LiveContext);
  const liveRef = useRef(live);
  liveRef.current = live;
  const last = useRef(0);
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const loader = useRef(load);
  loader.current = load;
  const reload = useCallback(async () => {
    last.current = Date.now();
    reading(1);
    try {
      setData(await loader.current());
      setError(null);
    } catch (err) {
      setError(err);
    } finally {
      reading(-1);
    }
  }, []);
  useEffect(() => { setData(null); }, keys);
  useEffect(() => {
    void reload();
    const timer = setInterval(() => {
      if (document.hidden) return;
      const following = followed && liveRef.current?.streaming();
      if (following && Date.now() - last.current < FOLLOWED_POLL_MS) return;
      void reload();
    }, every);
    return () => clearInterval(timer);
  }, [...keys, tick, live?.pulse ?? 0, every]);
  return { data, error, reload };
}

/** What to do about a refusal, by its status. */
function advice(err: DeskError): string {
  if (err.status === 0) return t("error.unreachable");
  if (err.status === 401) return t("error.signin");
  if (err.status === 403) return t("error.forbidden");
  if (err.status === 404) return t("error.missing");
  if (err.status === 409) return t("error.conflict");
  if (err.status === 422) return t("error.invalid");
  return t("error.retry");
}

export function ErrorBox({ error, what }: { error: unknown; what?: string }) {
  if (!error) return null;
  const err = error instanceof DeskError ? error : new DeskError(0, "client", String(error), null);
  return (
    <div class="error" role="alert">
      <p><strong>{what ? t("error.failed", { what }) : t("error.title")}</strong></p>
      <p>{err.message} <code>{err.code}</code></p>
      {err.details ? <pre class="details">{JSON.stringify(err.details, null, 1).slice(0, 800)}</pre> : null}
      <p>{advice(err)}</p>
      {err.requestId ? <p class="muted">{t("error.request", { id: err.requestId })}</p> : null}
    </div>
  );
}

/** A button that runs an action through the desk (disabled while it runs). */
export function Action({ label, what, action, kind, disabled, name }: {
  label: string; what?: string; action: () => Promise<unknown>; kind?: "primary" | "danger";
  disabled?: boolean; name?: string;
}) {
  const { run } = useDesk();
  const [busy, setBusy] = useState(false);
  return (
    <button type="button" class={kind || ""} disabled={busy || disabled} aria-busy={busy}
      aria-label={name}
      onClick={async () => { setBusy(true); await run(what || label, action); setBusy(false); }}>
      {label}
    </button>
  );
}

export function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return <section class="panel"><h2>{title}</h2>{children}</section>;
}

let fields = 0;

/** A labelled control: the label names the control by ``for``/``id`` (a label wrapping a
 * select would add the chosen option's text to its name). */
export function Field({ label, children, class: cls }: { label: string; children: VNode<{ id?: string }>; class?: string }) {
  const id = useMemo(() => `field-${++fields}`, []);
  return (
    <div class={cls ? `field ${cls}` : "field"}>
      <label for={id}>{label}</label>
      {cloneElement(children, { id })}
    </div>
  );
}
