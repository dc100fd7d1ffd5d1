// Following an event live: its public change feed as Server-Sent Events
// (GET /v1/tournaments/{tid}/feed/stream, no token needed). EventSource reconnects by
// itself with Last-Event-ID, so nothing is missed or read twice; each batch of entries
// (debounced) makes the screens read again. Where the feed cannot be reached (an old
// browser, a proxy that buffers), the screens go on polling.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { apiRoot } from "./api/client";
import type { Live } from "./desk";

const SETTLE_MS = 150;          // one re-read for a burst of entries
const CONNECTED_MS = 10000;     // a one-shot stream (Lambda) reconnects every ~2 s

export function useFeed(base: string, tid: string): Live {
  const [pulse, setPulse] = useState(0);
  const source = useRef<EventSource | null>(null);
  const opened = useRef(0);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const url = `${apiRoot(base)}/v1/tournaments/${encodeURIComponent(tid)}/feed/stream`;
    const es = new EventSource(url);
    source.current = es;
    let pending: ReturnType<typeof setTimeout> | null = null;
    const changed = () => {
      if (pending) return;
      pending = setTimeout(() => { pending = null; setPulse((n) => n + 1); }, SETTLE_MS);
    };
    es.onopen = () => { opened.current = Date.now(); };
    es.onmessage = changed;                       // entries without an event name
    // the public feed's entry types (openapi.yaml, FeedEntry) and ``reload``
    const named = ["phase", "round.paired", "round.seated", "seating.changed", "result.confirmed",
      "standings.updated", "clock", "announcement", "draft.pod_finished", "reload"];
    for (const name of named) es.addEventListener(name, changed);
    return () => {
      if (pending) clearTimeout(pending);
      es.close();
      source.current = null;
    };
  }, [base, tid]);
  return useMemo(() => ({
    pulse,
    streaming: () => source.current?.readyState === 1 || Date.now() - opened.current < CONNECTED_MS,
  }), [pulse]);
}
