// The desk's only way to the API: the client generated from openapi.yaml (openapi-fetch
// over openapi-typescript's types), with the signed-in key, a request id per call and a
// retry of the replies that mean "busy" (409 contention, 503 store_unavailable).
import createClient, { type Middleware } from "openapi-fetch";
import type { components, paths } from "./schema";

export type Schemas = components["schemas"];
export type Api = ReturnType<typeof createClient<paths>>;

export interface Session { base: string; key: string; }

const STORE = "podium-desk-session";

/** Where the API is when the desk is served by it: the path before /v1/desk. */
export function defaultBase(): string {
  const at = location.pathname.indexOf("/v1/desk");
  return at >= 0 ? location.origin + location.pathname.slice(0, at) : "";
}

export function loadSession(): Session | null {
  try {
    const raw = JSON.parse(localStorage.getItem(STORE) || "null");
    return raw && typeof raw.key === "string" && typeof raw.base === "string" ? raw : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null): void {
  if (session) localStorage.setItem(STORE, JSON.stringify(session));
  else localStorage.removeItem(STORE);
}

/** A refusal as the desk shows it: the server's code and words, and the request id. */
export class DeskError extends Error {
  constructor(public status: number, public code: string, message: string,
              public requestId: string | null, public details: unknown = null) {
    super(message);
  }
}

/** The API's root from what was typed at sign-in: the deployed stack's ``ApiBaseURL``
 * output ends in /v1, which every route path already starts with. */
export function apiRoot(base: string): string {
  return base.trim().replace(/\/+$/, "").replace(/\/v1$/, "");
}

export function connect(session: Session): Api {
  const api = createClient<paths>({ baseUrl: apiRoot(session.base) });
  const auth: Middleware = {
    onRequest({ request }) {
      if (session.key) request.headers.set("Authorization", `Bearer ${session.key}`);
      request.headers.set("X-Request-Id", "desk-" + crypto.randomUUID());
      return request;
    },
  };
  api.use(auth);
  return api;
}

interface Reply<T> { data?: T; error?: unknown; response: Response; }

const BUSY = new Set(["contention", "store_unavailable"]);

/** The reply's data, or a DeskError; "busy" replies are tried again (up to 4 times). */
export async function call<T>(send: () => Promise<Reply<T>>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    let reply: Reply<T>;
    try {
      reply = await send();
    } catch (err) {
      throw new DeskError(0, "unreachable", String(err), null);
    }
    if (reply.response.ok) return reply.data as T;
    const body = (reply.error && typeof reply.error === "object" ? reply.error : {}) as
      { error?: string; message?: string; request_id?: string; details?: unknown };
    const code = body.error || `http_${reply.response.status}`;
    if (BUSY.has(code) && attempt < 4) {
      await new Promise((done) => setTimeout(done, 250 * 2 ** attempt));
      continue;
    }
    throw new DeskError(reply.response.status, code, body.message || reply.response.statusText,
                        body.request_id || reply.response.headers.get("X-Request-Id"),
                        body.details ?? null);
  }
}
