/**
 * `npm run bench:abuse`: does one abusive request stall everybody else? (issue #21, "No request
 * stalls the others".) The production server (`node dist/server/index.js`, rebuilt first when its
 * sources changed) runs once on PostgreSQL (a fresh database, dropped afterwards) and once on the
 * embedded PGlite (a fresh DATA_DIR in a temporary folder). For each abusive input of the issue, a
 * probe in a worker thread of this process asks for `/api/health` and a static file in turn every
 * PROBE_EVERY_MS, each on its own schedule (a stalled server piles them up; none is skipped), and
 * times each answer. One table per database: the probes' p50, p99 and max during each input, what
 * the abusive requests were answered, and the server's peak memory. Target: p99 under 100 ms.
 *
 * Each input runs for at most BENCH_WINDOW seconds (its requests are cut then); the probes still
 * waiting are waited for and counted, and the next input starts only once the server answers
 * quickly again. Works on the code before and after the fixes: refusals (401, 413, 429) are counted
 * as what the abusive request got.
 *
 * Options (environment or --name=value):
 *   BENCH_WINDOW         seconds each abusive input runs at most (default 10)
 *   BENCH_COURSE_CARDS   cards the export course is grown to by repeated imports, or as many as the
 *                        server accepts (default 20000; the review's attack used 50000)
 *   BENCH_LOG_ROWS       answers stored on the card of the late-answer input (default 120000)
 *   BENCH_DATABASES      "postgres", "pglite" or "both" (default both; environment only)
 *   BENCH_POSTGRES       server to create the database on (default postgres://postgres@127.0.0.1:5432)
 *   BENCH_ONLY           run only the inputs whose label contains this text (default all; environment only)
 *   BENCH_SERVER_NODE_ARGS  Node options of the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { type Database, type DatabaseHandle, openDatabase, queryRows } from "@server/db/client";
import { initialDataFolder } from "@server/db/initial-data";
import { accounts, cardMemory, courses, decks, flashcards, sessions, userProfiles, users } from "@server/db/schema";
import { freePort } from "@server/test/processes";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { withClient } from "./lib/catalogue";
import { markdownTable } from "./lib/markdown";
import { AUTH_SECRET, option, signedSessionCookie } from "./lib/options";
import { startProcess, stop, stopChildrenOnExit } from "./lib/processes";

const WINDOW_S = option("BENCH_WINDOW", 10);
const COURSE_CARDS = option("BENCH_COURSE_CARDS", 20_000);
const LOG_ROWS = option("BENCH_LOG_ROWS", 120_000);
/** Stored answers a day on the late-answer card: under CARD_ANSWERS_PER_DAY_MAX (50), as a learner's. */
const LOG_ANSWERS_PER_DAY = 30;
/** The span of the card's newest 25 stored answers: a late answer in it replays at most 30 steps. */
const LATE_WINDOW_MS = (25 / LOG_ANSWERS_PER_DAY) * 864e5;
const DATABASES = (process.env.BENCH_DATABASES ?? "both").toLowerCase();
const POSTGRES = process.env.BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432";
const ONLY = process.env.BENCH_ONLY?.toLowerCase();

const TARGET_P99_MS = 100;
const PROBE_EVERY_MS = 20;
/** A probe not answered after this long counts as answered now, with this latency. */
const PROBE_GIVE_UP_MS = 180_000;
/** After an input, the server counts as recovered once this many health checks in a row are this quick. */
const SETTLED = { inARow: 5, underMs: 50, giveUpMs: 240_000 };
const BASELINE_S = 5;
/** An input answered at once is still probed this long, so its figures rest on enough probes. */
const MIN_PROBING_S = 3;
const MB = 1024 * 1024;
/** A top-level file of dist/client (served by the app's static route). */
const STATIC_FILE = "/manifest.webmanifest";
/** Growing the export course waits at most this long in all for an import limit (429, Retry-After). */
const MAX_IMPORT_WAIT_S = 60;
const WRONG_PASSWORD = "wrong-password-7";
const VICTIMS = 6;

const root = join(import.meta.dirname, "..");

// --- The probe: its own thread, so this process's own work (streaming bodies) never delays it. ---

interface Probe {
  path: string;
  ms: number;
  /** 0: no answer (see error). */
  status: number;
  error?: string;
}

const PROBE_WORKER = `
const http = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const { base, paths, everyMs, giveUpMs } = workerData;
let timer, turn = 0, results = [], stopping = false;
const pending = new Set();
const report = () => { stopping = false; parentPort.postMessage(results); };
function fire() {
  const path = paths[turn++ % paths.length];
  const started = performance.now();
  let finished = false;
  const finish = (status, error) => {
    if (finished) return;
    finished = true;
    results.push({ path, ms: performance.now() - started, status, error });
    pending.delete(req);
    if (stopping && pending.size === 0) report();
  };
  // A new connection each time, as a new visitor's: no reuse of a connection the server is closing.
  const req = http.get(base + path, { agent: false, timeout: giveUpMs }, (res) => {
    res.resume();
    res.on("end", () => finish(res.statusCode));
    res.on("error", (error) => finish(0, error.code || error.message));
  });
  req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "timeout" })));
  req.on("error", (error) => finish(0, error.code || error.message));
  pending.add(req);
}
parentPort.on("message", (message) => {
  if (message === "start") { results = []; fire(); timer = setInterval(fire, everyMs); }
  if (message === "stop") {
    clearInterval(timer);
    if (pending.size === 0) report();
    else stopping = true;
  }
});
`;

function startProbe(base: string) {
  const worker = new Worker(PROBE_WORKER, {
    eval: true,
    workerData: { base, paths: ["/api/health", STATIC_FILE], everyMs: PROBE_EVERY_MS, giveUpMs: PROBE_GIVE_UP_MS },
  });
  return {
    start: () => worker.postMessage("start"),
    stop: () =>
      new Promise<Probe[]>((resolve) => {
        worker.once("message", resolve);
        worker.postMessage("stop");
      }),
    close: () => worker.terminate(),
  };
}

// --- The server under test. ---

interface Target {
  name: "PostgreSQL" | "PGlite";
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  cleanUp: () => Promise<void>;
}

function buildIfStale() {
  const build = spawnSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("the production build failed");
}

class Server {
  child?: ChildProcess;
  readonly base: string;
  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }
  async start() {
    this.child = await startProcess(
      "the server",
      [...(process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? []), join(root, "dist/server/index.js")],
      {
        NODE_ENV: "production",
        SEED_DEMO: "false",
        HOST: "127.0.0.1",
        PORT: String(this.port),
        AUTH_SECRET,
        ...this.env,
      },
      /Listening on/,
    );
  }
  get alive() {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }
  rssMb(): number {
    try {
      const status = readFileSync(`/proc/${this.child?.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  }
  async stop() {
    if (this.child) await stop(this.child);
  }
}

// --- Accounts, courses and a long review log, written before the server starts (PGlite has one user). ---

interface Fixtures {
  /** owner: grows the export course (its own account, so the import input's limits do not stop it). */
  cookies: { importer: string; owner: string; learner: string; flooder: string };
  victims: string[];
  lateCardId: number;
  floodCards: number[][];
}

async function addUser(db: Database, key: string, password?: string): Promise<{ id: string; cookie: string }> {
  const id = `bench-abuse-${key}`;
  const email = `${key}@bench.example`;
  await db.insert(users).values({ id, name: `Bench ${key}`, email, emailVerified: true });
  await db.insert(userProfiles).values({ userId: id, email });
  const token = `bench-abuse-token-${key}-${randomUUID()}`;
  await db
    .insert(sessions)
    .values({ id: `session-${id}`, token, userId: id, expiresAt: new Date(Date.now() + 7 * 864e5) });
  if (password) {
    await db
      .insert(accounts)
      .values({ id: `account-${id}`, accountId: id, providerId: "credential", userId: id, password });
  }
  return { id, cookie: signedSessionCookie(token) };
}

/** A course of `deckCount` decks of `cardsPerDeck` cards; the card ids, deck by deck. */
async function addCourse(db: Database, userId: string, deckCount: number, cardsPerDeck: number): Promise<number[][]> {
  const [course] = await db
    .insert(courses)
    .values({ userId, name: `Course of ${userId}` })
    .returning();
  if (!course) throw new Error("no course");
  const cards: number[][] = [];
  for (let level = 1; level <= deckCount; level++) {
    const [deck] = await db
      .insert(decks)
      .values({ courseId: course.id, userId, name: `Deck ${level}`, level })
      .returning();
    if (!deck) throw new Error("no deck");
    const rows = await db
      .insert(flashcards)
      .values(
        Array.from({ length: cardsPerDeck }, (_, i) => ({
          deckId: deck.id,
          question: `Question ${i + 1}`,
          correctAnswer: `Answer ${i + 1}`,
        })),
      )
      .returning({ id: flashcards.id });
    cards.push(rows.map((row) => row.id));
  }
  return cards;
}

async function prepare(db: Database, log: (line: string) => void): Promise<Fixtures> {
  const importer = await addUser(db, "importer");
  const owner = await addUser(db, "owner");
  const learner = await addUser(db, "learner");
  const flooder = await addUser(db, "flooder");
  const hash = await hashPassword("correct-horse-battery-1");
  const victims: string[] = [];
  for (let i = 1; i <= VICTIMS; i++) {
    await addUser(db, `victim-${i}`, hash);
    victims.push(`victim-${i}@bench.example`);
  }
  const [lateDeck] = await addCourse(db, learner.id, 1, 4);
  const lateCardId = lateDeck?.[0] as number;
  const floodCards = await addCourse(db, flooder.id, 4, 50);

  // The long log: LOG_ROWS answers, LOG_ANSWERS_PER_DAY a day (under the per-card daily cap, so a
  // late answer finds room on its day) up to an hour ago, each with the memory snapshot stored since
  // 0038; the memory row says the last one was applied, so an earlier answer is late.
  const started = Date.now();
  await db.execute(sql`
    insert into review_log (id, user_id, card_id, course_id, mode, grade, answered_at, received_at,
      memory_due, memory_stability, memory_difficulty, memory_state, memory_reps, memory_lapses,
      memory_learning_steps, memory_scheduled_days)
    select gen_random_uuid(), ${learner.id}, ${lateCardId}, d.course_id, 'review', 1 + (g % 4), t.at,
      now() - interval '1 hour', t.at + interval '10 days', 10, 5, 'review', g, 0, 0, 10
    from generate_series(1, ${LOG_ROWS}) g
      cross join lateral (select now() - interval '1 hour'
        - make_interval(secs => (${LOG_ROWS} - g) * (86400.0 / ${LOG_ANSWERS_PER_DAY})) as at) t,
      (select course_id from decks where id = (select deck_id from flashcards where id = ${lateCardId})) d`);
  const [last] = await queryRows<{ at: Date; course: number }>(
    db,
    sql`select max(answered_at) as at, min(course_id) as course from review_log where card_id = ${lateCardId}`,
  );
  await db.insert(cardMemory).values({
    userId: learner.id,
    cardId: lateCardId,
    courseId: Number(last?.course),
    due: new Date(Date.now() + 30 * 864e5),
    stability: 40,
    difficulty: 5,
    state: "review",
    reps: LOG_ROWS,
    lapses: Math.floor(LOG_ROWS / 4),
    learningSteps: 0,
    scheduledDays: 30,
    lastReview: new Date(last?.at ?? Date.now()),
    introducedAt: new Date(Date.now() - (LOG_ROWS / LOG_ANSWERS_PER_DAY + 1) * 864e5),
  });
  log(`  ${LOG_ROWS.toLocaleString("en")} answers stored on card ${lateCardId} (${Date.now() - started} ms)`);
  return {
    cookies: { importer: importer.cookie, owner: owner.cookie, learner: learner.cookie, flooder: flooder.cookie },
    victims,
    lateCardId,
    floodCards,
  };
}

// --- Abusive requests. Each resolves with what the server answered: a status, or how it failed. ---

type Outcome = string;

const outcomeOf = (error: unknown): Outcome => {
  const e = error as { name?: string; code?: string; cause?: { code?: string } };
  if (e.name === "AbortError" || e.name === "TimeoutError") return "cut";
  return e.cause?.code ?? e.code ?? e.name ?? "error";
};

/** A body streamed in chunks (nothing this large is held twice), with its Content-Length. */
function streamPost(
  base: string,
  path: string,
  headers: Record<string, string>,
  chunks: () => Iterable<Buffer>,
  total: number,
  signal: AbortSignal,
): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
      req.destroy();
    };
    const req = httpRequest(`${base}${path}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "content-length": String(total) },
      signal,
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => finish(String(res.statusCode)));
      res.on("error", (error) => finish(outcomeOf(error)));
    });
    req.on("error", (error) => finish(outcomeOf(error)));
    void (async () => {
      for (const chunk of chunks()) {
        if (settled || req.destroyed) return;
        if (!req.write(chunk)) {
          await new Promise<void>((next) => {
            const go = () => {
              req.off("drain", go);
              req.off("close", go);
              next();
            };
            req.on("drain", go);
            req.on("close", go);
          });
        }
      }
      if (!settled && !req.destroyed) req.end();
    })();
  });
}

/** `[[[…]]]`, `bytes` long. */
function nested(bytes: number): { chunks: () => Iterable<Buffer>; total: number } {
  const open = Buffer.alloc(MB, "[");
  const close = Buffer.alloc(MB, "]");
  const half = Math.floor(bytes / 2);
  return {
    total: half * 2,
    chunks: function* () {
      for (const [buffer, count] of [
        [open, half],
        [close, half],
      ] as const) {
        for (let left = count; left > 0; left -= MB) yield left >= MB ? buffer : buffer.subarray(0, left);
      }
    },
  };
}

/** A well-formed import object of `bytes` (a long string field): JSON that is merely large. */
function hugeJson(bytes: number): { chunks: () => Iterable<Buffer>; total: number } {
  const head = Buffer.from(
    `{"importId":"${randomUUID()}","target":{"kind":"new","course":{"name":"x"}},"decks":[],"padding":"`,
  );
  const tail = Buffer.from('"}');
  const fill = Buffer.alloc(MB, "a");
  return {
    total: bytes,
    chunks: function* () {
      yield head;
      for (let left = bytes - head.length - tail.length; left > 0; left -= MB)
        yield left >= MB ? fill : fill.subarray(0, left);
      yield tail;
    },
  };
}

/** A valid import of `deckCount` decks of 50 cards, texts of `chars` kana each (3 bytes a character). */
function importBody(
  target: { kind: "new" } | { kind: "existing"; courseId: number },
  chars: number,
  deckCount = 40,
): string {
  const key = `${JSON.stringify(target)}:${chars}:${deckCount}`;
  let template = importTemplates.get(key);
  if (!template) {
    template = importTemplate(target, chars, deckCount);
    importTemplates.set(key, template);
  }
  // A fresh import id each time: the same one again would be a resend, answered without work.
  return template.replace(TEMPLATE_ID, randomUUID());
}

const TEMPLATE_ID = "00000000-0000-4000-8000-000000000000";
const importTemplates = new Map<string, string>();

function importTemplate(
  target: { kind: "new" } | { kind: "existing"; courseId: number },
  chars: number,
  deckCount: number,
): string {
  const kana = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん";
  const text = (seed: number) =>
    Array.from({ length: chars }, (_, i) => kana[(seed * 7 + i * 13) % kana.length]).join("");
  return JSON.stringify({
    importId: TEMPLATE_ID,
    target: target.kind === "new" ? { kind: "new", course: { name: "Imported course" } } : target,
    decks: Array.from({ length: deckCount }, (_, d) => ({
      name: `Deck ${d + 1}`,
      description: text(d).slice(0, 200),
      cards: Array.from({ length: 50 }, (_, c) => ({
        question: text(d * 50 + c),
        answer: text(c * 3 + d),
        duration: 3,
      })),
    })),
  });
}

async function fetchOutcome(
  url: string,
  init: RequestInit,
  signal: AbortSignal,
): Promise<{ outcome: Outcome; body?: string; bytes: number; retryAfterS?: number }> {
  try {
    const res = await fetch(url, { ...init, signal });
    const retryAfter = res.headers.get("retry-after");
    let bytes = 0;
    let text: string | undefined;
    if ((res.headers.get("content-type") ?? "").includes("json") && res.status < 500) text = await res.text();
    else if (res.body) for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
    return {
      outcome: String(res.status),
      body: text,
      bytes: text?.length ?? bytes,
      retryAfterS: retryAfter === null ? undefined : Number(retryAfter),
    };
  } catch (error) {
    return { outcome: outcomeOf(error), bytes: 0 };
  }
}

// --- Scenarios. ---

interface Context {
  base: string;
  fixtures: Fixtures;
  /** The course the export inputs download (grown by imports before them). */
  exportCourse?: { id: number; cards: number };
}

interface Scenario {
  label: string | ((ctx: Context) => string);
  /** Runs the input until `signal` aborts (the window's end); reports each abusive request's outcome. */
  run: (ctx: Context, signal: AbortSignal, report: (outcome: Outcome) => void) => Promise<string | undefined>;
  /** Before this input (not measured): a step that sets up what it needs. */
  setUp?: (ctx: Context, log: (line: string) => void) => Promise<void>;
}

const json = (cookie?: string, origin?: string) => ({
  "content-type": "application/json",
  ...(cookie ? { cookie } : {}),
  ...(origin ? { origin } : {}),
});

/** `count` copies of one request at once. */
const parallel =
  (count: number, one: (ctx: Context, signal: AbortSignal) => Promise<Outcome>): Scenario["run"] =>
  async (ctx, signal, report) => {
    await Promise.all(Array.from({ length: count }, () => one(ctx, signal).then(report)));
    return undefined;
  };

/** `loops` loops sending `one` again and again until the window ends. */
const repeated =
  (loops: number, one: (ctx: Context, signal: AbortSignal, loop: number) => Promise<Outcome>): Scenario["run"] =>
  async (ctx, signal, report) => {
    await Promise.all(
      Array.from({ length: loops }, async (_, loop) => {
        while (!signal.aborted) report(await one(ctx, signal, loop));
      }),
    );
    return undefined;
  };

function anonymousHuge(bytes: number) {
  const body = hugeJson(bytes);
  return (ctx: Context, signal: AbortSignal) =>
    streamPost(ctx.base, "/api/imports", { origin: ctx.base }, body.chunks, body.total, signal);
}

function nestedTo(path: string, bytes: number) {
  const body = nested(bytes);
  return (ctx: Context, signal: AbortSignal) =>
    streamPost(
      ctx.base,
      path,
      { origin: ctx.base, cookie: ctx.fixtures.cookies.importer },
      body.chunks,
      body.total,
      signal,
    );
}

function exportOf(format: "apkg" | "csv" | "quizlet") {
  return async (ctx: Context, signal: AbortSignal) => {
    if (!ctx.exportCourse) return "no course";
    const { outcome, bytes } = await fetchOutcome(
      `${ctx.base}/api/exports/${ctx.exportCourse.id}?format=${format}`,
      {},
      signal,
    );
    return outcome === "200" ? `200 (${(bytes / MB).toFixed(1)} MB)` : outcome;
  };
}

/**
 * Grows the export course with imports of 40 decks into it, until COURSE_CARDS or the server
 * refuses. A server that refuses even the first import tries smaller ones (a lower per-import limit).
 */
async function growExportCourse(ctx: Context, log: (line: string) => void) {
  const started = Date.now();
  const cookie = ctx.fixtures.cookies.owner;
  let cards = 0;
  let courseId: number | undefined;
  let refusal = "";
  let waitedS = 0;
  const sizes = [40, 10, 1];
  while (cards < COURSE_CARDS) {
    const deckCount = sizes[0] as number;
    const body = importBody(courseId ? { kind: "existing", courseId } : { kind: "new" }, 250, deckCount);
    const {
      outcome,
      body: answer,
      retryAfterS,
    } = await fetchOutcome(
      `${ctx.base}/api/imports`,
      { method: "POST", headers: json(cookie, ctx.base), body },
      AbortSignal.timeout(300_000),
    );
    if (outcome === "429" && retryAfterS !== undefined && waitedS + retryAfterS <= MAX_IMPORT_WAIT_S) {
      waitedS += retryAfterS;
      await new Promise((r) => setTimeout(r, retryAfterS * 1000));
      continue;
    }
    if (outcome !== "201" && outcome !== "200") {
      if (cards === 0 && outcome !== "429" && sizes.length > 1) {
        sizes.shift();
        continue;
      }
      refusal = `stopped at ${outcome}: ${(answer ?? "").slice(0, 160)}`;
      break;
    }
    courseId = (JSON.parse(answer ?? "{}") as { courseId: number }).courseId;
    cards += deckCount * 50;
  }
  if (courseId) ctx.exportCourse = { id: courseId, cards };
  log(
    `  export course ${courseId ?? "none"}: ${cards.toLocaleString("en")} cards by imports in ${((Date.now() - started) / 1000).toFixed(0)} s${refusal ? `; ${refusal}` : ""}`,
  );
}

const SCENARIOS: Scenario[] = [
  {
    label: "anonymous POST /api/imports, 200 MB body",
    run: parallel(1, anonymousHuge(200 * MB)),
  },
  {
    label: "the same, three at once",
    run: parallel(3, anonymousHuge(200 * MB)),
  },
  { label: "30 MB of nested [[[…]]] to /api/imports, signed in", run: parallel(1, nestedTo("/api/imports", 30 * MB)) },
  { label: "two 8 MB nested [[[…]]] to /api/imports, signed in", run: parallel(2, nestedTo("/api/imports", 8 * MB)) },
  {
    label: "30 MB of nested [[[…]]] to /api/reviews/batch, signed in",
    run: parallel(1, nestedTo("/api/reviews/batch", 30 * MB)),
  },
  {
    label: "two 8 MB nested [[[…]]] to /api/reviews/batch, signed in",
    run: parallel(2, nestedTo("/api/reviews/batch", 8 * MB)),
  },
  {
    label: () =>
      `valid imports of 2,000 cards (${(Buffer.byteLength(importBody({ kind: "new" }, 500)) / MB).toFixed(1)} MB) one after another, one account`,
    run: repeated(1, async (ctx, signal) => {
      const body = importBody({ kind: "new" }, 500);
      const headers = json(ctx.fixtures.cookies.importer, ctx.base);
      return (await fetchOutcome(`${ctx.base}/api/imports`, { method: "POST", headers, body }, signal)).outcome;
    }),
  },
  {
    label: (ctx) =>
      `anonymous GET /api/exports/:id?format=apkg, course of ${ctx.exportCourse?.cards.toLocaleString("en") ?? 0} cards`,
    setUp: growExportCourse,
    run: parallel(1, exportOf("apkg")),
  },
  { label: "the same, three at once", run: parallel(3, exportOf("apkg")) },
  { label: "the same course as CSV", run: parallel(1, exportOf("csv")) },
  { label: "the same course as Quizlet text", run: parallel(1, exportOf("quizlet")) },
  {
    // Not an abuse: an ordinary read whose statements are long. On PostgreSQL they run in the
    // database's own processes; on PGlite, on the server's thread.
    label: `statistics (GET /api/stats) of the learner with ${LOG_ROWS.toLocaleString("en")} answers, one at a time`,
    run: repeated(1, async (ctx, signal) => {
      const headers = { cookie: ctx.fixtures.cookies.learner };
      return (await fetchOutcome(`${ctx.base}/api/stats`, { headers }, signal)).outcome;
    }),
  },
  {
    label: `late answers, one at a time, on a card with ${LOG_ROWS.toLocaleString("en")} stored answers (every other one among its newest 25, the others up to a year back)`,
    run: async (ctx, signal, report) => {
      const statuses = new Map<string, number>();
      let k = 0;
      await repeated(1, async (c, s) => {
        // Among the newest 25 the answer is replayed from a snapshot; further back it is recorded
        // without counting (decision 0038). Both read the same bounded window of the log.
        k += 1;
        const back = k % 2 === 1 ? 3.6e6 + Math.random() * LATE_WINDOW_MS : 3.6e6 + Math.random() * 360 * 864e5;
        const answer = {
          id: randomUUID(),
          cardId: c.fixtures.lateCardId,
          mode: "review",
          grade: 3,
          answeredAt: new Date(Date.now() - back).toISOString(),
        };
        const headers = json(c.fixtures.cookies.learner, c.base);
        const init = { method: "POST", headers, body: JSON.stringify({ reviews: [answer] }) };
        const { outcome, body } = await fetchOutcome(`${c.base}/api/reviews/batch`, init, s);
        if (outcome === "200" && body) {
          const [result] = (JSON.parse(body) as { results: { status: string; reason?: string }[] }).results;
          const status = [result?.status, result?.reason].filter(Boolean).join(": ");
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
        return outcome;
      })(ctx, signal, report);
      return [...statuses].map(([status, n]) => `${n.toLocaleString("en")} ${status}`).join(", ");
    },
  },
  {
    label: "answer flood: batches of 500 from one account, 4 connections",
    run: async (ctx, signal, report) => {
      let stored = 0;
      // Each connection answers its own deck, at times that only go forward: no answer is late.
      const clocks = [0, 0, 0, 0];
      await repeated(4, async (c, s, loop) => {
        const cards = c.fixtures.floodCards[loop] as number[];
        const reviews = Array.from({ length: 500 }, (_, k) => {
          const last = Math.max((clocks[loop] as number) + 1, Date.now() - 500);
          clocks[loop] = last;
          return {
            id: randomUUID(),
            cardId: cards[k % cards.length],
            mode: "review",
            grade: 3,
            answeredAt: new Date(last).toISOString(),
          };
        });
        const headers = json(c.fixtures.cookies.flooder, c.base);
        const { outcome, body } = await fetchOutcome(
          `${c.base}/api/reviews/batch`,
          { method: "POST", headers, body: JSON.stringify({ reviews }) },
          s,
        );
        if (outcome === "200" && body) {
          stored += (JSON.parse(body) as { results: { status: string }[] }).results.filter(
            (r) => r.status === "recorded",
          ).length;
        }
        return outcome;
      })(ctx, signal, report);
      return `${stored.toLocaleString("en")} answers stored`;
    },
  },
  {
    label: `wrong passwords from one address, to ${VICTIMS} accounts at random, 2 connections`,
    run: repeated(2, async (ctx, signal) => {
      const email = ctx.fixtures.victims[Math.floor(Math.random() * ctx.fixtures.victims.length)];
      const init = {
        method: "POST",
        headers: json(undefined, ctx.base),
        body: JSON.stringify({ email, password: WRONG_PASSWORD }),
      };
      return (await fetchOutcome(`${ctx.base}/api/auth/sign-in/email`, init, signal)).outcome;
    }),
  },
];

// --- Measuring. ---

interface Row {
  scenario: string;
  got: string;
  probes: Probe[];
  rssPeakMb: number;
  recoveredS: number;
}

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number);

function summary(outcomes: Outcome[], extra?: string): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([outcome, n]) => (n === 1 ? outcome : `${n}× ${outcome}`));
  return [parts.join(", ") || "—", extra].filter(Boolean).join("; ");
}

/** Waits until the health check is quick again; the seconds it took. */
async function recover(server: Server): Promise<number> {
  const started = Date.now();
  let quick = 0;
  while (quick < SETTLED.inARow && Date.now() - started < SETTLED.giveUpMs) {
    const t = performance.now();
    try {
      const res = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(SETTLED.giveUpMs) });
      await res.arrayBuffer();
      quick = res.ok && performance.now() - t < SETTLED.underMs ? quick + 1 : 0;
    } catch {
      quick = 0;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return (Date.now() - started) / 1000;
}

async function measure(
  server: Server,
  probe: ReturnType<typeof startProbe>,
  label: string,
  run: (signal: AbortSignal, report: (outcome: Outcome) => void) => Promise<string | undefined>,
  windowS: number,
): Promise<Row> {
  const outcomes: Outcome[] = [];
  let rssPeakMb = server.rssMb();
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, server.rssMb());
  }, 100);
  const window = AbortSignal.timeout(windowS * 1000);
  const started = Date.now();
  probe.start();
  const extra = await run(window, (outcome) => outcomes.push(outcome));
  const least = MIN_PROBING_S * 1000 - (Date.now() - started);
  if (least > 0) await new Promise((r) => setTimeout(r, least));
  const probes = await probe.stop();
  clearInterval(sampler);
  const recoveredS = await recover(server);
  return { scenario: label, got: summary(outcomes, extra), probes, rssPeakMb, recoveredS };
}

function describe(row: Row): string[] {
  const all = row.probes.map((p) => p.ms).sort((a, b) => a - b);
  const p99Of = (path: string) =>
    percentile(
      row.probes
        .filter((p) => p.path === path)
        .map((p) => p.ms)
        .sort((a, b) => a - b),
      0.99,
    );
  const failures = row.probes.filter((p) => p.status !== 200);
  const failed = failures.length;
  const why = summary(failures.map((p) => p.error ?? String(p.status)));
  const p99 = percentile(all, 0.99);
  const ms = (n: number) => (Number.isNaN(n) ? "—" : n < 10 ? n.toFixed(1) : n.toFixed(0));
  return [
    row.scenario,
    row.got,
    `${row.probes.length}${failed ? ` (failed: ${why})` : ""}`,
    ms(percentile(all, 0.5)),
    ms(p99),
    ms(all.at(-1) ?? Number.NaN),
    `${ms(p99Of("/api/health"))} / ${ms(p99Of(STATIC_FILE))}`,
    p99 < TARGET_P99_MS && failed === 0 ? "yes" : "NO",
    row.rssPeakMb.toFixed(0),
  ];
}

function table(rows: Row[]): string {
  return markdownTable(
    [
      "abusive input",
      "the abusive requests got",
      "probes",
      "p50 ms",
      "p99 ms",
      "max ms",
      "p99 health / static",
      `p99 < ${TARGET_P99_MS} ms`,
      "server RSS peak MB",
    ],
    rows.map(describe),
    [2, 3, 4, 5, 6, 8],
  );
}

async function postgresTarget(): Promise<Target> {
  const name = `flashcards_abuse_${process.pid}`;
  const admin = `${POSTGRES}/postgres`;
  const url = `${POSTGRES}/${name}`;
  await withClient(admin, (client) => client.query(`create database "${name}"`));
  return {
    name: "PostgreSQL",
    env: { DATABASE_URL: url },
    open: () => openDatabase({ url }),
    cleanUp: () =>
      withClient(admin, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      ),
  };
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), "flashcards-abuse-"));
  return {
    name: "PGlite",
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir: join(dataDir, "pglite"), initialData: () => initialDataFolder() }),
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function benchOne(target: Target, log: (line: string) => void): Promise<Row[]> {
  log(`\n== ${target.name}`);
  const handle = await target.open();
  let fixtures: Fixtures;
  try {
    await handle.migrate();
    fixtures = await prepare(handle.db, log);
  } finally {
    await handle.close();
  }
  const server = new Server(await freePort(), target.env);
  await server.start();
  const probe = startProbe(server.base);
  const ctx: Context = { base: server.base, fixtures };
  const rows: Row[] = [];
  const done = (row: Row) => {
    rows.push(row);
    const [, got, probes, p50, p99, max] = describe(row);
    log(
      `  ${row.scenario}: ${got}; ${probes} probes, p50 ${p50} ms, p99 ${p99} ms, max ${max} ms; RSS peak ${row.rssPeakMb.toFixed(0)} MB; quick again after ${row.recoveredS.toFixed(1)} s`,
    );
  };
  try {
    const idle = (label: string) =>
      measure(
        server,
        probe,
        label,
        (signal) => new Promise((r) => signal.addEventListener("abort", () => r(undefined))),
        BASELINE_S,
      );
    await recover(server);
    // Warm-up, not counted: a fresh server compiles PGlite's WebAssembly and its own code meanwhile.
    await idle("warm-up");
    done(await idle("none (baseline)"));
    for (const scenario of SCENARIOS) {
      if (!server.alive) {
        log("  the server had stopped: starting it again");
        await server.start();
        await recover(server);
      }
      const named = typeof scenario.label === "function" ? scenario.label(ctx) : scenario.label;
      if (ONLY && !named.toLowerCase().includes(ONLY)) continue;
      await scenario.setUp?.(ctx, log);
      const label = typeof scenario.label === "function" ? scenario.label(ctx) : scenario.label;
      const row = await measure(server, probe, label, (signal, report) => scenario.run(ctx, signal, report), WINDOW_S);
      if (!server.alive) row.got += `; the server exited (code ${server.child?.exitCode ?? server.child?.signalCode})`;
      done(row);
    }
    done(await idle("none, after all the inputs"));
  } finally {
    await probe.close();
    await server.stop();
  }
  return rows;
}

async function main() {
  stopChildrenOnExit();
  const log = (line: string) => console.log(line);
  const load0 = loadavg();
  buildIfStale();
  const targets = [
    ...(DATABASES === "pglite" ? [] : [postgresTarget]),
    ...(DATABASES === "postgres" ? [] : [pgliteTarget]),
  ];
  const results: { name: string; rows: Row[] }[] = [];
  const started = Date.now();
  for (const make of targets) {
    const target = await make();
    try {
      results.push({ name: target.name, rows: await benchOne(target, log) });
    } finally {
      await target.cleanUp();
    }
  }
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  const load1 = loadavg();
  console.log(
    `\nbench:abuse — ${new Date().toISOString()} — ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average (1/5/15 min) ${load0.map((l) => l.toFixed(2)).join("/")} at start, ${load1.map((l) => l.toFixed(2)).join("/")} at the end; ${((Date.now() - started) / 60000).toFixed(1)} min`,
  );
  console.log(
    `Probe: GET /api/health and GET ${STATIC_FILE} in turn, one every ${PROBE_EVERY_MS} ms, each timed to its last byte (a stalled server piles them up: none is skipped). Each input runs for at most ${WINDOW_S} s (then its requests are cut; what the server was still doing is waited for before the next input, and the probes waiting meanwhile are counted).`,
  );
  for (const { name, rows } of results) {
    console.log(`\n### ${name}\n`);
    console.log(table(rows));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
