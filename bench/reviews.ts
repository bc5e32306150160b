/**
 * `npm run bench:reviews`: the learning memory's hot paths (issue #11) on a large review log in
 * PostgreSQL: the due queue and the statistics one request at a time (p50/p95/p99) for an average
 * and a heavy learner, answers recorded per second (single answers and batches of 100, concurrent),
 * and EXPLAIN (ANALYZE, BUFFERS) of every statement the queue and the statistics run.
 *
 * Options (environment or --name=value):
 *   BENCH_USERS        learners (default 10000); every 50th is a heavy one
 *   BENCH_MEMORY       card_memory rows (default 1000000)
 *   BENCH_LOG          review_log rows (default 10000000; a quick run: BENCH_USERS=1000
 *                      BENCH_MEMORY=100000 BENCH_LOG=1000000)
 *   BENCH_COURSES      catalogue size, shared with bench:api (default 1000000)
 *   BENCH_DURATION     seconds per write figure (default 10)
 *   BENCH_CONNECTIONS  concurrent connections per write figure (default 10)
 *   BENCH_SEQUENTIAL   requests per read figure, one at a time (default 200)
 *   DATABASE_URL       PostgreSQL to load into (default: database flashcards_bench on
 *                      postgres://postgres@127.0.0.1:5432, created, reused or dropped by the benches only)
 *
 * The catalogue (bench/lib/catalogue.ts) and the review data (bench/lib/review-data.ts) are generated
 * in SQL and kept: a second run of the same sizes reuses both. The answers the bench records are
 * taken back at the end, so the data stays as generated. The app runs as in production
 * (NODE_ENV=production, SEED_DEMO=false) on 127.0.0.1.
 */
import { randomUUID } from "node:crypto";
import { cpus, loadavg, totalmem } from "node:os";
import { REVIEW_LIMITS } from "@server/features/reviews/review-limits";
import { freePort } from "@server/test/processes";
import { type Memory, nextIntervals } from "@shared/memory/scheduler";
import autocannon from "autocannon";
import pg from "pg";
import { prepareCatalogue } from "./lib/catalogue";
import { markdownTable } from "./lib/markdown";
import { DEFAULT_URL, option, signedSessionCookie } from "./lib/options";
import { startApp, stopAll, stopChildrenOnExit } from "./lib/processes";
import { type Learner, prepareReviewData } from "./lib/review-data";
import { capture, explain, type PlanVerdict } from "./lib/review-plans";

const QUEUE_TARGET_MS = 20;
const STATS_TARGET_MS = 100;
const BATCH = 100;
/** Plans of the other learners' statements are printed from this execution time. */
const SLOW_STATEMENT_MS = 5;
/** Mostly Good, some Again, Hard and Easy. */
const GRADES = [3, 3, 1, 3, 4, 3, 2, 3, 3, 3];

const USERS = option("BENCH_USERS", 10_000);
const MEMORY = option("BENCH_MEMORY", 1_000_000);
const LOG = option("BENCH_LOG", 10_000_000);
const COURSES = option("BENCH_COURSES", 1_000_000);
const DURATION = option("BENCH_DURATION", 10);
const CONNECTIONS = option("BENCH_CONNECTIONS", 10);
const SEQUENTIAL = option("BENCH_SEQUENTIAL", 200);
const url = process.env.DATABASE_URL ?? DEFAULT_URL;

interface Row {
  figure: string;
  rps: number;
  /** Answers recorded per second (write figures). */
  answers?: number;
  p50: number;
  /** p95 one at a time; autocannon's p97.5 under load. */
  p95: number;
  p99: number;
  errors: number;
  target?: number;
}

/** One request at a time through HTTP: the latency a single learner sees. */
async function sequential(label: string, url: string, cookie: string, target: number): Promise<Row> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) errors++;
    times.push(performance.now() - t);
  }
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { figure: label, rps: SEQUENTIAL / elapsed, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors, target };
}

interface Writer {
  cookie: string;
  cards: number[];
  turn: number;
}

/** Answers from the writers, in turn (or all from one), each with a fresh id and the current time. */
async function answers(
  label: string,
  base: string,
  writers: Writer[],
  batch: number,
  countRows: () => Promise<number>,
  maxRequests?: number,
): Promise<Row> {
  let next = 0;
  const before = await countRows();
  const origin = base;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(maxRequests ? { maxOverallRequests: maxRequests } : {}),
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const writer = writers[next++ % writers.length] as Writer;
          const now = Date.now();
          const one = (k: number) => ({
            id: randomUUID(),
            cardId: writer.cards[(writer.turn + k) % writer.cards.length],
            mode: "review",
            grade: GRADES[(writer.turn + k) % GRADES.length],
            responseMs: 1500 + ((writer.turn * 37 + k * 101) % 6000),
            // Distinct times within the batch, all later than the writer's previous answers.
            answeredAt: new Date(now - (batch - 1 - k)).toISOString(),
          });
          const body = batch === 1 ? one(0) : { reviews: Array.from({ length: batch }, (_, k) => one(k)) };
          writer.turn += batch;
          return {
            ...request,
            path: batch === 1 ? "/api/reviews" : "/api/reviews/batch",
            headers: { cookie: writer.cookie, origin, "content-type": "application/json" },
            body: JSON.stringify(body),
          };
        },
      },
    ],
  });
  const written = (await countRows()) - before;
  return {
    figure: label,
    rps: result.requests.average,
    answers: written / result.duration,
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function table(rows: Row[]): string {
  const head = ["figure", "req/s", "answers/s", "p50 ms", "p95 ms*", "p99 ms", "errors", "target", "result"];
  const lines = rows.map((r) => [
    r.figure,
    r.rps.toFixed(0),
    r.answers === undefined ? "" : r.answers.toFixed(0),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    String(r.errors),
    r.target === undefined ? "—" : `p95 < ${r.target} ms`,
    r.target === undefined ? "" : r.p95 < r.target && r.errors === 0 ? "reached" : "NOT reached",
  ]);
  return markdownTable(head, lines, [1, 2, 3, 4, 5, 6]);
}

function planTable(verdicts: PlanVerdict[]): string {
  const head = ["scope", "statement", "ms", "buffers hit/read", "indexes used", "whole-table reads"];
  const lines = verdicts.map((v) => [
    v.scope,
    v.label,
    v.ms.toFixed(2),
    `${v.buffers.hit}/${v.buffers.read}`,
    v.indexes.join(", ") || "none",
    v.seqScans.map((s) => `${s.table} (${Math.round(s.rows).toLocaleString("en")} rows)`).join(", ") || "none",
  ]);
  return markdownTable(head, lines, [2]);
}

function endpointTable(verdicts: PlanVerdict[]): string {
  const groups = new Map<string, PlanVerdict[]>();
  for (const v of verdicts) {
    const key = `${v.scope}|${v.label.startsWith("queue") ? "queue" : "statistics"}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const lines = [...groups].map(([key, group]) => {
    const [scope, endpoint] = key.split("|") as [string, string];
    const total = group.reduce((sum, v) => sum + v.ms, 0);
    const slowest = group.reduce((a, b) => (b.ms > a.ms ? b : a));
    const target = endpoint === "queue" ? QUEUE_TARGET_MS : STATS_TARGET_MS;
    return [
      scope,
      endpoint,
      total.toFixed(1),
      `${slowest.label} (${slowest.ms.toFixed(1)} ms, ${slowest.buffers.hit + slowest.buffers.read} buffers)`,
      `${((100 * total) / target).toFixed(0)} % of ${target} ms`,
    ];
  });
  return markdownTable(["scope", "endpoint", "SQL ms", "slowest statement", "of the target"], lines, [2]);
}

/** What the queue spends in Node on each card's next intervals (ts-fsrs repeat, four grades). */
async function previewCost(userId: string): Promise<{ cards: number; ms: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select due, stability, difficulty, state, reps, lapses, learning_steps as "learningSteps",
              scheduled_days as "scheduledDays", last_review as "lastReview"
       from card_memory where user_id = $1 and due <= now() order by due limit 200`,
      [userId],
    );
    const now = new Date();
    const rounds: number[] = [];
    for (let round = 0; round < 20; round++) {
      const t = performance.now();
      for (const memory of rows as Memory[]) nextIntervals(memory, now, 0.9);
      rounds.push(performance.now() - t);
    }
    rounds.sort((a, b) => a - b);
    return { cards: rows.length, ms: rounds[10] as number };
  } finally {
    await client.end();
  }
}

async function main() {
  stopChildrenOnExit();
  const log = (line: string) => console.log(line);
  const load0 = loadavg()[0] ?? 0;
  const catalogue = await prepareCatalogue(url, COURSES, url === DEFAULT_URL, log);
  const data = await prepareReviewData(
    url,
    { users: USERS, memory: MEMORY, log: LOG },
    Math.floor(COURSES / 10) * 30,
    log,
  );

  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const sessions = [
    { key: "average", user: data.average.id },
    { key: "heavy", user: data.heavyUser.id },
    ...data.writers.map((w, i) => ({ key: `w${i}`, user: w.id })),
  ];
  for (const { key, user } of sessions) {
    await db.query(
      `insert into sessions (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '7 days')
       on conflict (id) do update set token = excluded.token, user_id = excluded.user_id, expires_at = excluded.expires_at`,
      [`bench-reviews-${key}`, `bench-reviews-token-${key}`, user],
    );
  }
  const cookieOf = (key: string) => signedSessionCookie(`bench-reviews-token-${key}`);

  // What the measured learners hold, and the course each one studies most (for ?courseId=).
  const describe = async (learner: Learner) => {
    const { rows } = await db.query(
      `select (select count(*) from card_memory where user_id = $1)::int as memory,
              (select count(*) from review_log where user_id = $1)::int as log,
              (select count(*) from card_memory where user_id = $1 and due <= now())::int as due,
              (select count(distinct course_id) from card_memory where user_id = $1)::int as courses,
              (select min(answered_at) from review_log where user_id = $1) as first,
              (select course_id from card_memory where user_id = $1 group by 1 order by count(*) desc, 1 limit 1) as course,
              (select time_zone from review_settings where user_id = $1) as zone`,
      [learner.id],
    );
    return rows[0] as {
      memory: number;
      log: number;
      due: number;
      courses: number;
      first: Date;
      course: number;
      zone: string | null;
    };
  };
  const average = await describe(data.average);
  const heavy = await describe(data.heavyUser);
  const countRows = async () =>
    Number(
      (
        await db.query("select count(*)::int as n from review_log where user_id = any($1) and received_at > $2", [
          data.writers.map((w) => w.id),
          data.generatedAt,
        ])
      ).rows[0]?.n,
    );

  const appPort = await freePort();
  log("Starting the app (production mode)…");
  await startApp(url, appPort);
  const app = `http://127.0.0.1:${appPort}`;

  const check = await fetch(`${app}/api/reviews/queue`, { headers: { cookie: cookieOf("average") } });
  if (!check.ok) throw new Error(`The bench session cookie was not accepted (${check.status}): check AUTH_SECRET.`);
  const queueOf = async (key: string, courseId?: number) => {
    const res = await fetch(`${app}/api/reviews/queue${courseId ? `?courseId=${courseId}` : ""}`, {
      headers: { cookie: cookieOf(key) },
    });
    const body = (await res.json()) as { cards: { state: string }[]; dueToday: number; newToday: number };
    return `${body.cards.length} cards (${body.cards.length - body.newToday} due, ${body.newToday} new), dueToday ${body.dueToday}`;
  };
  const learners = [
    { key: "average", name: "average learner", learner: data.average, facts: average },
    { key: "heavy", name: "heavy learner", learner: data.heavyUser, facts: heavy },
  ];
  for (const { key, name, learner, facts } of learners) {
    log(
      `  ${name} ${learner.id}: ${facts.memory} memory rows, ${facts.log} log rows since ${facts.first.toISOString().slice(0, 10)}, ${facts.due} due now, ${facts.courses} courses, time zone ${facts.zone ?? "UTC (default)"}; queue: ${await queueOf(key)}; course ${facts.course}: ${await queueOf(key, facts.course)}`,
    );
  }

  const rows: Row[] = [];
  const run = async (row: Promise<Row>) => {
    const done = await row;
    rows.push(done);
    log(
      `  ${done.figure}: ${done.rps.toFixed(0)} req/s${done.answers === undefined ? "" : `, ${done.answers.toFixed(0)} answers/s`}, p50 ${done.p50.toFixed(1)} ms, p95 ${done.p95.toFixed(1)} ms, p99 ${done.p99.toFixed(1)} ms, ${done.errors} errors`,
    );
  };

  log("Warming up…");
  for (const { key, facts } of learners) {
    for (const path of ["/api/reviews/queue", "/api/stats"]) {
      for (const query of ["", `?courseId=${facts.course}`]) {
        for (let i = 0; i < 20; i++) {
          await (await fetch(`${app}${path}${query}`, { headers: { cookie: cookieOf(key) } })).arrayBuffer();
        }
      }
    }
  }

  log(`Reading one request at a time (${SEQUENTIAL} each)…`);
  for (const { key, name, facts } of learners) {
    const cookie = cookieOf(key);
    await run(sequential(`queue, ${name}`, `${app}/api/reviews/queue`, cookie, QUEUE_TARGET_MS));
    await run(
      sequential(
        `queue, ${name}, one course`,
        `${app}/api/reviews/queue?courseId=${facts.course}`,
        cookie,
        QUEUE_TARGET_MS,
      ),
    );
    await run(sequential(`statistics, ${name}`, `${app}/api/stats`, cookie, STATS_TARGET_MS));
    await run(
      sequential(
        `statistics, ${name}, one course`,
        `${app}/api/stats?courseId=${facts.course}`,
        cookie,
        STATS_TARGET_MS,
      ),
    );
  }

  const writers = data.writers.map((w, i) => ({ cookie: cookieOf(`w${i}`), cards: w.cards, turn: 0 }));
  log(`Recording answers: ${CONNECTIONS} connections, ${DURATION} s a figure, ${writers.length} learners in turn…`);
  await run(answers(`answers one by one, ${writers.length} learners`, app, writers, 1, countRows));
  // One learner may send 1,200 requests in 10 minutes (decision 0038): the figure stops before.
  const oneLearnerRequests = REVIEW_LIMITS.requests.max - 200;
  await run(
    answers(
      `answers one by one, one learner (${oneLearnerRequests} requests at most)`,
      app,
      writers.slice(0, 1),
      1,
      countRows,
      oneLearnerRequests,
    ),
  );
  await run(answers(`batches of ${BATCH}, ${writers.length} learners`, app, writers, BATCH, countRows));

  await stopAll();
  log("Taking the recorded answers back…");
  await data.restoreWriters();
  await db.end();

  log(
    `Plans (EXPLAIN (ANALYZE, BUFFERS), second run on warm caches): every statement of the heavy learner, and any other taking ${SLOW_STATEMENT_MS} ms or more…`,
  );
  const verdicts: PlanVerdict[] = [];
  for (const { name, learner, facts } of learners) {
    for (const courseId of [undefined, facts.course]) {
      const scope = `${name.replace(" learner", "")}${courseId ? ", course" : ""}`;
      const statements = await capture(url, learner.id, courseId);
      const explained = await explain(url, scope, statements);
      verdicts.push(...explained);
      for (const v of explained) {
        if (learner !== data.heavyUser && v.ms < SLOW_STATEMENT_MS) continue;
        console.log(`\n=== ${v.label} (${scope})`);
        for (const line of v.text) console.log(line);
      }
    }
  }

  const preview = await previewCost(data.heavyUser.id);

  const cpu = cpus()[0]?.model ?? "unknown CPU";
  console.log(
    `\nbench:reviews — ${new Date().toISOString()} — ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${load0.toFixed(2)} at start → ${(loadavg()[0] ?? 0).toFixed(2)}`,
  );
  console.log(
    `${COURSES.toLocaleString("en")} courses${catalogue.reused ? " (reused)" : ""}; ${USERS.toLocaleString("en")} learners, ${MEMORY.toLocaleString("en")} card_memory rows, ${LOG.toLocaleString("en")} review_log rows${data.reused ? " (reused)" : ""}, generated ${data.generatedAt.toISOString()}`,
  );
  for (const { name, learner, facts } of learners) {
    console.log(
      `${name} ${learner.id}: ${facts.memory} memory rows, ${facts.log} log rows over a year, ${facts.due} due, ${facts.courses} courses, time zone ${facts.zone ?? "UTC"}; one course = course ${facts.course}`,
    );
  }
  console.log(
    `Reads: ${SEQUENTIAL} requests one at a time. Writes: ${CONNECTIONS} connections, ${DURATION} s, fresh UUIDs, answers counted in the log afterwards.\n`,
  );
  console.log(table(rows));
  console.log(
    "\n* p95 for the one-at-a-time reads; autocannon's p97.5 for the write figures. 'one learner': every answer from the same learner, whose batches take one lock at a time.",
  );
  console.log("\nPlans: execution time and buffers of each statement (EXPLAIN ANALYZE, warm caches)\n");
  console.log(planTable(verdicts));
  console.log(
    "\nStatements' time per request (the sum of the statements above; the queue runs them one after another)\n",
  );
  console.log(endpointTable(verdicts));
  console.log(
    `\nThe queue's interval preview (nextIntervals, in Node, for each card it returns): ${preview.ms.toFixed(1)} ms for the heavy learner's ${preview.cards} due cards (median of 20 rounds in the bench's process, ${((preview.ms / Math.max(1, preview.cards)) * 1000).toFixed(0)} µs a card).`,
  );
  const findings = verdicts.filter((v) => v.seqScans.length > 0);
  console.log(
    findings.length === 0
      ? "\nEvery statement reads through an index; no table of 10,000 rows or more is read whole."
      : `\nRead without an index: ${findings.map((v) => `${v.label} (${v.scope}): ${v.seqScans.map((s) => s.table).join(", ") || "no index"}`).join("; ")}`,
  );
}

main()
  .catch(async (error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await stopAll();
  });
