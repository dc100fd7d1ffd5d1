// A typed subscription to Podium's change feeds (Server-Sent Events) with automatic resume:
// every entry is handed over once, in order; when the stream ends (the local server closes
// it after 30 minutes, API Gateway after each answer) or the network drops, it reconnects
// after the server's `retry` with `Last-Event-ID`, so nothing is missed and nothing comes
// twice. A client too far behind gets `onReload` (read the views again; the feed goes on
// from the position given). Works in Node 18+ and browsers (fetch streams), so a player's
// token goes in `Authorization`, never in the URL.
import type { components } from "./schema.js";

export type FeedEntry = components["schemas"]["FeedEntry"];

export interface FeedSubscription {
  baseUrl: string;                 // e.g. http://127.0.0.1:8000
  tournamentId: string;
  playerId?: string;               // a player's private feed (with that player's or staff token)
  token?: string;
  after?: string;                  // resume after this position (absent: from now)
  onEntry: (entry: FeedEntry) => void | Promise<void>;
  onReload?: (position: string) => void | Promise<void>;
  signal?: AbortSignal;            // stop following
}

interface SseMessage { event: string; id: string | null; data: string }

let retryMs = 2000;              // the server's `retry`, once it has said

function* parse(buffer: { text: string }): Generator<SseMessage> {
  let end: number;
  while ((end = buffer.text.indexOf("\n\n")) >= 0) {
    const block = buffer.text.slice(0, end);
    buffer.text = buffer.text.slice(end + 2);
    let event = "message", id: string | null = null;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const at = line.indexOf(":");
      const key = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
      if (key === "event") event = value;
      else if (key === "data") data.push(value);
      else if (key === "id") id = value;
      else if (key === "retry" && /^\d+$/.test(value)) retryMs = Number(value);
    }
    if (data.length) yield { event, id, data: data.join("\n") };
  }
}

/** Follow a feed until `signal` aborts; resolves then. Rejects on a refusal (401, 403, 404). */
export async function follow(sub: FeedSubscription): Promise<void> {
  const path = `/v1/tournaments/${sub.tournamentId}` +
    (sub.playerId ? `/players/${sub.playerId}` : "") + "/feed/stream";
  let last = sub.after ?? null;
  while (!sub.signal?.aborted) {
    const headers: Record<string, string> = { Accept: "text/event-stream" };
    if (sub.token) headers.Authorization = `Bearer ${sub.token}`;
    if (last) headers["Last-Event-ID"] = last;
    try {
      const response = await fetch(sub.baseUrl + path, { headers, signal: sub.signal ?? null });
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        throw new FeedRefused(response.status, await response.text());
      }
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const buffer = { text: "" };
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer.text += value;
        for (const message of parse(buffer)) {
          const data = JSON.parse(message.data);
          if (message.event === "reload") {
            last = data.position ?? last;
            await sub.onReload?.(data.position);
          } else if (message.event === "error") {
            throw new FeedRefused(data.status ?? 403, message.data);
          } else if (message.event !== "position") {
            await sub.onEntry(data as FeedEntry);
          }
          if (message.id) last = message.id;
        }
      }
    } catch (error) {
      if (error instanceof FeedRefused) throw error;
      if (sub.signal?.aborted) return;
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}

export class FeedRefused extends Error {
  constructor(readonly status: number, readonly body: string) {
    super(`the feed refused: ${status} ${body}`);
  }
}
