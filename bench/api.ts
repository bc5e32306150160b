/**
 * `npm run bench:api`: the API's hot reads on a large synthetic catalogue in PostgreSQL, next to a
 * minimal reference server on the same data (see bench/lib/reference-server.ts).
 *
 * Options (environment or --name=value):
 *   BENCH_COURSES      catalogue size (default 1000000; 100000 for a quick run)
 *   BENCH_DURATION     seconds per load figure (default 10)
 *   BENCH_CONNECTIONS  concurrent connections per load figure (default 10)
 *   BENCH_SEQUENTIAL   searches per kind measured one at a time (default 200)
 *   DATABASE_URL       PostgreSQL to load into (default: database flashcards_bench on
 *                      postgres://postgres@127.0.0.1:5432, created, reused or dropped by this script only)
 *
 * The catalogue is generated in SQL (bench/lib/catalogue.ts) and kept: a second run of the same size
 * reuses it. The app runs as in production (NODE_ENV=production, SEED_DEMO=false) on 127.0.0.1.
 */
import { cpus, totalmem } from "node:os";
import { freePort } from "@server/test/processes";
import autocannon from "autocannon";
import { BENCH_USER, type Catalogue, prepareCatalogue, syllableWord } from "./lib/catalogue";
import { DEFAULT_URL, option, signedSessionCookie } from "./lib/options";
import { startApp, startNode, stopAll, stopChildrenOnExit } from "./lib/processes";

const COURSES = option("BENCH_COURSES", 1_000_000);
const DURATION = option("BENCH_DURATION", 10);
const CONNECTIONS = option("BENCH_CONNECTIONS", 10);
const SEQUENTIAL = option("BENCH_SEQUENTIAL", 200);
const url = process.env.DATABASE_URL ?? DEFAULT_URL;

interface Row {
  figure: string;
  rps: number;
  p50: number;
  p975: number;
  p99: number;
  errors: number;
  reference?: Row;
}

let counter = 0;
const pick = <T>(items: T[]) => items[counter++ % items.length] as T;

async function load(
  label: string,
  base: string,
  paths: () => string,
  {
    cookie,
    connections = CONNECTIONS,
    duration = DURATION,
    rate,
  }: { cookie?: string; connections?: number; duration?: number; rate?: number } = {},
): Promise<Row> {
  const result = await autocannon({
    url: base,
    connections,
    duration,
    headers: cookie ? { cookie } : {},
    // Requests a second across all connections (people at a human pace); unset: as fast as answered.
    ...(rate === undefined ? {} : { overallRate: rate }),
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
  return {
    figure: label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** One request at a time through HTTP: the latency a single searcher sees. */
async function sequential(label: string, base: string, queries: string[]): Promise<Row> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/search?q=${encodeURIComponent(queries[i % queries.length] as string)}`);
    await res.arrayBuffer();
    if (!res.ok) errors++;
    times.push(performance.now() - t);
  }
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { figure: label, rps: SEQUENTIAL / elapsed, p50: at(0.5), p975: at(0.95), p99: at(0.99), errors };
}

function table(rows: Row[]): string {
  const head = ["figure", "req/s", "p50 ms", "p97.5 ms*", "p99 ms", "errors", "ratio req/s", "ratio p99"];
  const lines = rows.map((r) => [
    r.figure,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p975.toFixed(1),
    r.p99.toFixed(1),
    String(r.errors),
    r.reference ? `${(r.rps / r.reference.rps).toFixed(2)}×` : "",
    r.reference ? `${(r.p99 / Math.max(r.reference.p99, 0.01)).toFixed(2)}×` : "",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(" | ")} |`;
  return [
    fmt(head),
    `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
    ...lines.map(fmt),
  ].join("\n");
}

async function main() {
  stopChildrenOnExit();
  const log = (line: string) => console.log(line);
  const catalogue: Catalogue = await prepareCatalogue(url, COURSES, url === DEFAULT_URL, log);

  const appPort = await freePort();
  const refPort = await freePort();
  log("Starting the app (production mode) and the reference server…");
  await startApp(url, appPort);
  await startNode(
    "the reference server",
    "bench/lib/reference-server.ts",
    { DATABASE_URL: url, PORT: String(refPort) },
    /ready/,
  );
  const app = `http://127.0.0.1:${appPort}`;
  const ref = `http://127.0.0.1:${refPort}`;
  const cookie = signedSessionCookie(BENCH_USER.sessionToken);

  const coursePath = () => `/api/courses/${catalogue.courseWithDecks(counter++)}`;
  const deckPath = () => `/api/decks/${catalogue.deckOf(counter++)}`;
  // Words as the generator wrote them: topics and kinds are common, a syllable word is on ~N/8,000 courses.
  const common = ["vocabulary", "japanese", "grammar", "chemistry", "phrases", "history"];
  const rare = Array.from({ length: 50 }, (_, i) => syllableWord(i * 157 + 11));
  const short = ["b1", "n5", "ja", "b", "k", "go", "js", "zz", "a", "hi"];
  const searchPath = (words: string[]) => () => `/api/search?q=${encodeURIComponent(pick(words))}`;

  const signedIn = await fetch(`${app}/api/courses/${catalogue.courseWithDecks(1)}`, { headers: { cookie } });
  const viewer = ((await signedIn.json()) as { viewer: unknown }).viewer;
  if (!viewer) throw new Error("The bench session cookie was not accepted: check AUTH_SECRET and the session row.");

  log(`Warming up (${Math.min(DURATION, 3)} s each)…`);
  for (const [base, path] of [
    [ref, coursePath],
    [app, coursePath],
    [ref, deckPath],
    [app, deckPath],
  ] as const) {
    await load("warm-up", base, path, { duration: Math.min(DURATION, 3) });
  }

  const rows: Row[] = [];
  const run = async (row: Promise<Row>) => {
    const done = await row;
    rows.push(done);
    log(`  ${done.figure}: ${done.rps.toFixed(0)} req/s, p50 ${done.p50.toFixed(1)} ms, p99 ${done.p99.toFixed(1)} ms`);
    return done;
  };
  log(`Measuring: ${CONNECTIONS} connections, ${DURATION} s a figure…`);
  const refCourse = await run(load("reference: course page", ref, coursePath));
  const course = await run(load("course page, visitor", app, coursePath));
  course.reference = refCourse;
  (await run(load("course page, signed in", app, coursePath, { cookie }))).reference = refCourse;
  const refDeck = await run(load("reference: deck page", ref, deckPath));
  (await run(load("deck page, visitor", app, deckPath))).reference = refDeck;
  (await run(load("deck page, signed in", app, deckPath, { cookie }))).reference = refDeck;
  const refMost = await run(load("reference: most followed", ref, () => "/api/courses/most-followed"));
  const most = await run(load("most followed", app, () => "/api/courses/most-followed"));
  most.reference = refMost;
  (await run(load("search, rare word", app, searchPath(rare)))).reference = undefined;
  await run(load("search, common word", app, searchPath(common)));
  await run(load("search, 1-2 characters", app, searchPath(short)));
  // Four people searching short words while everyone else opens course pages.
  const [beside] = await Promise.all([
    load("course page, 4 short searches beside", app, coursePath),
    load("(the short searches)", app, searchPath(short), { connections: 4 }),
  ]);
  beside.reference = course;
  rows.push(beside);
  log(`  ${beside.figure}: ${beside.rps.toFixed(0)} req/s (ratio is to the course page alone)`);
  // The same four at a person's pace: a search every 100 ms each, faster than anyone types.
  const [paced] = await Promise.all([
    load("course page, 4 people searching (40 short searches/s)", app, coursePath),
    load("(the paced searches)", app, searchPath(short), { connections: 4, rate: 40 }),
  ]);
  paced.reference = course;
  rows.push(paced);
  log(`  ${paced.figure}: ${paced.rps.toFixed(0)} req/s (ratio is to the course page alone)`);

  log(`Searching one request at a time (${SEQUENTIAL} each; the p97.5 column is p95 here)…`);
  await run(sequential("search one at a time, rare word", app, rare));
  await run(sequential("search one at a time, common word", app, common));
  await run(
    sequential(
      "search one at a time, 1 character",
      app,
      short.filter((q) => q.length === 1),
    ),
  );
  await run(
    sequential(
      "search one at a time, 2 characters",
      app,
      short.filter((q) => q.length === 2),
    ),
  );

  await stopAll();
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  console.log(
    `\nbench:api — ${new Date().toISOString()} — ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  console.log(
    `${COURSES.toLocaleString("en")} courses${catalogue.reused ? " (reused)" : ""}, ${CONNECTIONS} connections, ${DURATION} s a figure; ratios to the reference server (node:http + pg, one prepared statement)\n`,
  );
  console.log(table(rows));
  console.log(
    "\n* p97.5 for load figures (autocannon's percentiles); p95 for the one-at-a-time searches. 'course page, 4 …' figures are compared with the course page alone; the first has the four searching as fast as answered, the second at 10 searches a second each.",
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
