// A typed subscription to a Podium change feed with automatic resume, over the best
// transport that answers: the deployed WebSocket API (openapi.yaml, x-websocket), else
// Server-Sent Events (`.../feed/stream`), else polling the catch-up route (`.../feed`).
// Whatever the transport, and however often it drops, every entry is handed over once and
// in order: the helper keeps the last position it was given, resumes from it (the
// subscribe message's `after`, `Last-Event-ID`, `?after=`), drops anything at or before
// it, and on a WebSocket `entries` message that does not follow it (a gap) subscribes
// again from it. A client too far behind gets `onReload(position)` (read the views again;
// the feed goes on from there). A refusal (bad or revoked token, another player's feed,
// no such tournament) rejects with FeedRefused. Node 18+ (Node 20: --experimental-websocket
// for the WebSocket transport) and browsers.
import type { components } from "./schema.js";

type Schemas = components["schemas"];
export type FeedEntry = Schemas["FeedEntry"];
export type FeedPage = Schemas["FeedPage"];
export type SocketMessage = Schemas["SocketEntries"] | Schemas["SocketSubscribed"] |
  Schemas["SocketUnsubscribed"] | Schemas["SocketError"];
export type SocketRequest = Schemas["SocketRequest"];
export type Transport = "websocket" | "sse" | "poll";

export interface LiveSubscription {
  baseUrl: string;                 // the HTTP API, e.g. http://127.0.0.1:8000
  websocketUrl?: string;           // wss://<id>.execute-api.<region>.amazonaws.com/api
  tournamentId: string;
  playerId?: string;               // a player's private feed (that player's or staff token)
  token?: string;
  after?: string;                  // resume after this position (absent: the beginning)
  transports?: Transport[];        // tried in this order; default websocket, sse, poll
  onEntry: (entry: FeedEntry) => void | Promise<void>;
  onReload?: (position: string) => void | Promise<void>;
  onTransport?: (transport: Transport) => void;   // each time one is (re)started
  pollMs?: number;                 // between catch-up reads when polling (default 2000)
  retryMs?: number;                // before reconnecting (default 1000)
  signal?: AbortSignal;            // stop following: subscribe() then resolves
}

export class FeedRefused extends Error {
  constructor(readonly status: number, readonly code: string, readonly body: unknown) {
    super(`the feed refused: ${status} ${code}`);
  }
}

class Unavailable extends Error {}      // this transport cannot be used: try the next

const REFUSALS: Record<string, number> = {
  unauthorized: 401, credential_revoked: 401, forbidden: 403, tournament_not_found: 404,
  player_not_found: 404, invalid_message: 400, invalid_query: 400,
};
const FAILURES_BEFORE_FALLBACK = 2;

/** Follow the feed until `signal` aborts (resolves) or it is refused (rejects). */
export async function subscribe(sub: LiveSubscription): Promise<number> {
  const state = { last: sub.after ?? null as string | null, delivered: 0 };
  const order = sub.transports ?? ["websocket", "sse", "poll"];
  const deliver = async (entry: FeedEntry): Promise<void> => {
    if (state.last !== null && entry.position <= state.last) return;   // seen already
    state.last = entry.position;
    state.delivered += 1;
    await sub.onEntry(entry);
  };
  const moveTo = (position: string | null | undefined): void => {
    if (position && (state.last === null || position > state.last)) state.last = position;
  };
  const reload = async (position: string): Promise<void> => {
    state.last = position;
    await sub.onReload?.(position);
  };
  const io: Io = { sub, state, deliver, moveTo, reload };
  for (const transport of order) {
    if (sub.signal?.aborted) break;
    if (transport === "websocket" && !(sub.websocketUrl && typeof WebSocket === "function")) {
      continue;
    }
    try {
      if (transport === "websocket") await viaSocket(io);
      else if (transport === "sse") await viaEvents(io);
      else await viaPolling(io);
      break;                                   // aborted: done
    } catch (error) {
      if (!(error instanceof Unavailable)) throw error;
    }
  }
  return state.delivered;
}

interface Io {
  sub: LiveSubscription;
  state: { last: string | null; delivered: number };
  deliver: (entry: FeedEntry) => Promise<void>;
  moveTo: (position: string | null | undefined) => void;
  reload: (position: string) => Promise<void>;
}

const pause = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener("abort", () => { clearTimeout(timer); resolve(); }, { once: true });
});

function feedPath(sub: LiveSubscription): string {
  return `/v1/tournaments/${sub.tournamentId}` +
    (sub.playerId ? `/players/${sub.playerId}` : "") + "/feed";
}

function headers(sub: LiveSubscription, extra: Record<string, string> = {}): Record<string, string> {
  return sub.token ? { ...extra, Authorization: `Bearer ${sub.token}` } : extra;
}

async function refusal(response: Response): Promise<FeedRefused> {
  const body = await response.json().catch(() => null) as { error?: string } | null;
  return new FeedRefused(response.status, body?.error ?? "refused", body);
}

// -- WebSocket ------------------------------------------------------------------------
function viaSocket(io: Io): Promise<void> {
  const { sub } = io;
  let failures = 0;
  const once = () => new Promise<"closed" | "failed">((resolve, reject) => {
    sub.onTransport?.("websocket");
    const socket = new WebSocket(sub.websocketUrl!);
    let opened = false;
    let queue = Promise.resolve();               // messages handled one at a time, in order
    const stop = () => socket.close();
    sub.signal?.addEventListener("abort", stop, { once: true });
    const finish = (how: "closed" | "failed") => {
      sub.signal?.removeEventListener("abort", stop);
      queue.then(() => resolve(how), reject);
    };
    socket.onopen = () => {
      opened = true;
      const request: SocketRequest = { action: "subscribe", tournament_id: sub.tournamentId };
      if (sub.playerId) request.player_id = sub.playerId;
      if (sub.token) request.token = sub.token;
      if (io.state.last) request.after = io.state.last;
      socket.send(JSON.stringify(request));
    };
    socket.onmessage = (event: MessageEvent) => {
      const message = JSON.parse(String(event.data)) as SocketMessage;
      queue = queue.then(async () => {
        if (message.type === "entries") {
          if (message.after !== null && io.state.last !== null && message.after > io.state.last) {
            socket.close();                      // a gap: subscribe again from the last one
            return;
          }
          for (const entry of message.entries) await io.deliver(entry);
          io.moveTo(message.position);
          failures = 0;
        } else if (message.type === "subscribed") {
          io.moveTo(message.position);
        } else if (message.type === "error") {
          const details = message.details as { position?: string } | null;
          if (message.error === "feed_reload" && details?.position) {
            await io.reload(details.position);
            socket.close();
          } else if (message.error in REFUSALS) {
            socket.close();
            throw new FeedRefused(REFUSALS[message.error]!, message.error, message);
          } else {
            socket.close();                      // store_unavailable, rate_limited: later
          }
        }
      }).catch((error) => { reject(error); });
    };
    socket.onerror = () => { if (!opened) finish("failed"); };
    socket.onclose = () => finish(opened ? "closed" : "failed");
  });
  return (async () => {
    while (!sub.signal?.aborted) {
      const how = await once();
      if (how === "failed" && ++failures >= FAILURES_BEFORE_FALLBACK) {
        throw new Unavailable("the WebSocket API does not answer");
      }
      if (!sub.signal?.aborted) await pause(sub.retryMs ?? 1000, sub.signal);
    }
  })();
}

// -- Server-Sent Events ---------------------------------------------------------------
async function viaEvents(io: Io): Promise<void> {
  const { sub } = io;
  let failures = 0;
  let retry = sub.retryMs ?? 1000;
  while (!sub.signal?.aborted) {
    sub.onTransport?.("sse");
    const extra: Record<string, string> = { Accept: "text/event-stream" };
    if (io.state.last) extra["Last-Event-ID"] = io.state.last;
    let response: Response;
    try {
      response = await fetch(sub.baseUrl + feedPath(sub) + "/stream",
                             { headers: headers(sub, extra), signal: sub.signal ?? null });
    } catch {
      if (sub.signal?.aborted) return;
      if (++failures >= FAILURES_BEFORE_FALLBACK) throw new Unavailable("no event stream");
      await pause(retry, sub.signal);
      continue;
    }
    if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      throw await refusal(response);
    }
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || !response.body || !type.startsWith("text/event-stream")) {
      await response.body?.cancel();
      if (++failures >= FAILURES_BEFORE_FALLBACK) throw new Unavailable("no event stream");
      await pause(retry, sub.signal);
      continue;
    }
    failures = 0;
    try {
      retry = await readEvents(io, response, retry);
    } catch (error) {
      if (error instanceof FeedRefused) throw error;
      if (sub.signal?.aborted) return;
    }
    await pause(retry, sub.signal);
  }
}

async function readEvents(io: Io, response: Response, retry: number): Promise<number> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return retry;
    text += value;
    let end: number;
    while ((end = text.indexOf("\n\n")) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      let name = "message", id: string | null = null;
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue;
        const at = line.indexOf(":");
        const key = at < 0 ? line : line.slice(0, at);
        const field = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
        if (key === "event") name = field;
        else if (key === "data") data.push(field);
        else if (key === "id") id = field;
        else if (key === "retry" && /^\d+$/.test(field)) retry = Math.max(Number(field), 100);
      }
      if (!data.length) continue;
      const parsed = JSON.parse(data.join("\n"));
      if (name === "reload") await io.reload(parsed.position);
      else if (name === "error") {
        throw new FeedRefused(parsed.status ?? 403, parsed.error ?? "refused", parsed);
      } else if (name !== "position") await io.deliver(parsed as FeedEntry);
      io.moveTo(id);
    }
  }
}

// -- polling the catch-up route -------------------------------------------------------
async function viaPolling(io: Io): Promise<void> {
  const { sub } = io;
  while (!sub.signal?.aborted) {
    sub.onTransport?.("poll");
    const query = "?limit=200" + (io.state.last ? `&after=${encodeURIComponent(io.state.last)}` : "");
    let more = false;
    try {
      const response = await fetch(sub.baseUrl + feedPath(sub) + query,
                                   { headers: headers(sub), signal: sub.signal ?? null });
      if (response.status === 410) {
        const body = await response.json() as { details?: { position?: string } };
        if (body.details?.position) await io.reload(body.details.position);
        continue;
      }
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        throw await refusal(response);
      }
      if (response.ok) {
        const page = await response.json() as FeedPage;
        for (const entry of page.entries) await io.deliver(entry);
        io.moveTo(page.position);
        more = page.more;
      }
    } catch (error) {
      if (error instanceof FeedRefused) throw error;
      if (sub.signal?.aborted) return;
    }
    if (!more) await pause(sub.pollMs ?? 2000, sub.signal);
  }
}
