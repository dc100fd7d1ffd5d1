// The subscription helper against a live local server: a phone follows a tournament's
// public feed and a player's private feed, is disconnected (and, on the WebSocket, dropped
// by the server mid-stream), misses entries while away, resumes from its last position,
// and must end with exactly the entries the catch-up route lists: no gap, no duplicate.
// Usage: node [--experimental-websocket] dist/resume.js <base-url> <admin-key> <transports>
//        [websocket-url], <transports> comma-separated (websocket,sse,poll). Prints JSON.
import { createPodiumClient } from "./session.js";
import { subscribe, type FeedEntry, type Transport } from "./subscribe.js";

const [baseUrl, adminKey, order, websocketUrl] = process.argv.slice(2);
if (!baseUrl || !adminKey || !order) {
  throw new Error("usage: resume.js <base-url> <admin-key> <transports> [websocket-url]");
}
const transports = order.split(",") as Transport[];
const client = createPodiumClient(baseUrl);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function check<T>(what: string, reply: { data?: T; error?: unknown; response: Response }): T {
  if (reply.data === undefined) {
    throw new Error(`${what}: ${reply.response.status} ${JSON.stringify(reply.error)}`);
  }
  return reply.data;
}

async function until(what: string, done: () => boolean, ms = 15000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main(): Promise<void> {
  const account = check("account", await client.POST("/v1/accounts", {
    headers: bearer(adminKey!), body: { role: "organizer", name: "Phones" } }));
  const org = bearer(account.api_key);
  const tid = check("tournament", await client.POST("/v1/tournaments", {
    headers: org, body: { name: "Phones cup", game: "vtes", format: "sealed" } })).tournament_id;
  const registered = check("register", await client.POST("/v1/tournaments/{tid}/players", {
    params: { path: { tid } }, body: { name: "Dana" } }));
  if (!registered.token) throw new Error("no token for the player");
  const player = { player_id: registered.player.player_id, token: registered.token };
  const announce = async (text: string) => check("announce", await client.POST(
    "/v1/tournaments/{tid}/announcements", { params: { path: { tid } }, headers: org,
                                              body: { text } }));
  const penalize = async (reason: string) => check("penalty", await client.POST(
    "/v1/tournaments/{tid}/penalties", { params: { path: { tid } }, headers: org,
      body: { player_id: player.player_id, kind: "warning", reason } }));

  const got = { public: [] as FeedEntry[], mine: [] as FeedEntry[] };
  const used = new Set<Transport>();
  const follow = (after: string | undefined, signal: AbortSignal) => [
    subscribe({ baseUrl: baseUrl!, websocketUrl, tournamentId: tid, after: after ?? undefined,
                transports, signal, pollMs: 200, retryMs: 200,
                onTransport: (t) => used.add(t), onEntry: (e) => { got.public.push(e); } }),
    subscribe({ baseUrl: baseUrl!, websocketUrl, tournamentId: tid,
                playerId: player.player_id, token: player.token, transports, signal,
                after: got.mine.at(-1)?.position, pollMs: 200, retryMs: 200,
                onTransport: (t) => used.add(t), onEntry: (e) => { got.mine.push(e); } }),
  ];
  const texts = () => got.public.filter((e) => e.type === "announcement")
    .map((e) => (e.data as { text: string }).text);

  let phone = new AbortController();
  let running = follow(undefined, phone.signal);
  for (const text of ["one", "two", "three"]) await announce(text);
  await penalize("slow");
  await until("the first entries", () => texts().length === 3 &&
    got.mine.some((e) => e.type === "penalty"));
  phone.abort();                                  // the phone goes away ...
  await Promise.all(running);
  for (const text of ["four", "five"]) await announce(text);   // ... and misses these
  await penalize("slower");
  phone = new AbortController();
  running = follow(got.public.at(-1)?.position, phone.signal);
  await announce("six");
  await until("the resumed entries", () => texts().length === 6 &&
    got.mine.filter((e) => e.type === "penalty").length === 2);
  phone.abort();
  await Promise.all(running);

  for (const [name, entries, path] of [
    ["public", got.public, `/v1/tournaments/${tid}/feed?limit=200`],
    ["mine", got.mine, `/v1/tournaments/${tid}/players/${player.player_id}/feed?limit=200`],
  ] as const) {
    const listed = await (await fetch(baseUrl + path, { headers: bearer(player.token) })).json() as
      { entries: FeedEntry[] };
    const want = listed.entries.map((e) => e.position);
    const have = entries.map((e) => e.position);
    if (JSON.stringify(want) !== JSON.stringify(have)) {
      throw new Error(`${name}: got ${JSON.stringify(have)}, the feed lists ${JSON.stringify(want)}`);
    }
  }
  console.log(JSON.stringify({ transports: [...used], texts: texts(),
                               private: got.mine.map((e) => e.type) }));
}

main().catch((error) => { console.error(error); process.exit(1); });
