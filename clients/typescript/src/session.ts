// Session consistency for any client of the Podium API: every reply to a command carries
// X-Podium-Position (the streams and versions it wrote, merged with the position the
// request carried); this middleware keeps the last one it was given and sends it with
// every request, so a read right after the caller's own write answers from views that
// include it (or 503 projection_behind with Retry-After), never stale data or a false 404.
import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "./schema.js";

export const POSITION_HEADER = "X-Podium-Position";

export interface Session {
  /** The last position a reply gave (null before the first write). */
  position: string | null;
}

export function sessionConsistency(session: Session = { position: null }): Middleware {
  return {
    onRequest({ request }) {
      if (session.position && !request.headers.has(POSITION_HEADER)) {
        request.headers.set(POSITION_HEADER, session.position);
      }
      return request;
    },
    onResponse({ response }) {
      const position = response.headers.get(POSITION_HEADER);
      if (position) session.position = position;
      return response;
    },
  };
}

/** A typed client that reads its own writes (one session per user of the app). */
export function createPodiumClient(baseUrl: string, session: Session = { position: null }) {
  const client = createClient<paths>({ baseUrl });
  client.use(sessionConsistency(session));
  return client;
}
