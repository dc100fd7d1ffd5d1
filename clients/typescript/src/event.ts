// A short Swiss event driven through the typed client generated from openapi.yaml:
// an organizer account, a sealed MTG tournament of five players (so one bye a round),
// the sealed product handed out and opened, every planned round paired, reported by
// player A and confirmed by player B, standings, finish and the federation report.
// Usage: node dist/event.js <base-url> <admin-key>. Exits non-zero on any surprise.
import { follow, type FeedEntry } from "./feed.js";
import type { components } from "./schema.js";
import { createPodiumClient, type Session } from "./session.js";

type SwissMatch = components["schemas"]["SwissRound"]["matches"][number];

const [baseUrl, adminKey] = process.argv.slice(2);
if (!baseUrl || !adminKey) throw new Error("usage: event.js <base-url> <admin-key>");

const session: Session = { position: null };
const client = createPodiumClient(baseUrl, session);   // reads see our own writes
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function check<T>(what: string, reply: { data?: T; error?: unknown; response: Response }): T {
  if (reply.data === undefined) {
    throw new Error(`${what}: ${reply.response.status} ${JSON.stringify(reply.error)}`);
  }
  return reply.data;
}

async function main(): Promise<void> {
  const health = check("health", await client.GET("/v1/health"));
  if (health.status !== "ok") throw new Error(`health ${health.status}`);

  const account = check("account", await client.POST("/v1/accounts", {
    headers: bearer(adminKey!), body: { role: "organizer", name: "TypeScript store" } }));
  const org = bearer(account.api_key);
  const created = check("tournament", await client.POST("/v1/tournaments", {
    headers: org, body: { name: "TypeScript cup", game: "mtg", format: "sealed", structure: "swiss" } }));
  const tid = created.tournament_id;
  const path = { tid };

  const tokens = new Map<string, string>();
  for (let i = 1; i <= 5; i++) {
    const reg = check("register", await client.POST("/v1/tournaments/{tid}/players", {
      params: { path }, body: { name: `TS player ${i}` } }));
    // null only in the replay of a self-registration (the token is shown once)
    if (reg.token === null) throw new Error(`register: ${reg.token_withheld}`);
    tokens.set(reg.player.player_id, reg.token);
  }
  check("start", await client.POST("/v1/tournaments/{tid}/start", { params: { path }, headers: org }));
  check("sealed", await client.POST("/v1/tournaments/{tid}/sealed", { params: { path }, headers: org }));
  check("open", await client.POST("/v1/tournaments/{tid}/sealed/open", { params: { path }, headers: org }));

  const token = (pid: string): string => {
    const found = tokens.get(pid);
    if (!found) throw new Error(`no token for ${pid}`);
    return found;
  };
  const play = async (match: SwissMatch, round: number) => {
    if (!match.a || !match.b) return;                      // the bye
    const aWins = (match.table + round) % 3 !== 0;
    const mid = match.match_id;
    const reported = check("report", await client.POST(
      "/v1/tournaments/{tid}/swiss/matches/{mid}/result", {
        params: { path: { tid, mid } }, headers: bearer(token(match.a)),
        body: aWins ? { a: 1, b: 0 } : { a: 0, b: 1 } }));
    if (reported.status !== "reported") throw new Error(`report: ${reported.status}`);
    check("confirm", await client.POST("/v1/tournaments/{tid}/swiss/matches/{mid}/confirm", {
      params: { path: { tid, mid } }, headers: bearer(token(match.b)) }));
  };

  // the public change feed, followed (and resumed) by the typed subscription helper
  const seen: FeedEntry[] = [];
  const stop = new AbortController();
  const following = follow({ baseUrl: baseUrl!, tournamentId: tid, signal: stop.signal,
                             onEntry: (entry) => { seen.push(entry); } });

  let rounds = 0;
  for (;;) {
    const paired = await client.POST("/v1/tournaments/{tid}/swiss/rounds", {
      params: { path }, headers: org });
    if (paired.error) {
      if (paired.response.status === 409 && rounds > 0 && paired.error.error) break;
      throw new Error(`pairing: ${paired.response.status} ${JSON.stringify(paired.error)}`);
    }
    rounds += 1;
    if (paired.data.round !== rounds) throw new Error(`round ${paired.data.round} != ${rounds}`);
    for (const match of paired.data.matches) await play(match, rounds);
  }
  const overview = check("swiss", await client.GET("/v1/tournaments/{tid}/swiss", { params: { path } }));
  if (overview.planned_rounds !== rounds) {
    throw new Error(`played ${rounds} of ${overview.planned_rounds} planned rounds`);
  }
  const standings = check("standings", await client.GET("/v1/tournaments/{tid}/swiss/standings", {
    params: { path } }));
  const pairings = () => seen.filter((e) => e.type === "round.paired").length;
  for (let waited = 0; pairings() < rounds && waited < 100; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop.abort();
  await following;
  const positions = seen.map((e) => e.position);
  if (pairings() !== rounds || positions.some((p, i) => i > 0 && p <= positions[i - 1]!)) {
    throw new Error(`feed: ${pairings()} pairings of ${rounds}, in order: ${positions}`);
  }
  if (standings.rows.length !== 5) throw new Error(`standings rows: ${standings.rows.length}`);

  const done = check("finish", await client.POST("/v1/tournaments/{tid}/finish", {
    params: { path }, headers: org }));
  if (done.status !== "finished" || !done.seed) throw new Error(`finish: ${JSON.stringify(done)}`);
  const again = await client.POST("/v1/tournaments/{tid}/finish", { params: { path }, headers: org });
  if (again.response.status !== 409 || typeof again.error?.error !== "string") {
    throw new Error(`finishing twice: ${again.response.status}`);
  }
  const report = check("report", await client.GET("/v1/tournaments/{tid}/report", {
    params: { path }, headers: org }));
  if (report.players.length !== 5 || !report.seed.verified) throw new Error("report");
  // the session kept the position of the last write (the finish) and every one before it
  if (!session.position?.includes(`tournament-${tid}:`)) throw new Error(`position ${session.position}`);
  console.log(JSON.stringify({ tid, rounds, leader: standings.rows[0]?.player_id,
                               position: session.position, feed: seen.length }));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
