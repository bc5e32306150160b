/**
 * npm run bench:web — what a first visit downloads, and how fast it looks to Lighthouse.
 *
 * Builds the web client if it is stale, starts the real server in production mode (fresh data
 * folder with the demo courses, a free port on 127.0.0.1), then:
 * - opens each route in a fresh headless Chromium context (empty cache) and adds up the real
 *   network requests until the network is idle: JavaScript, CSS and everything, both as decoded
 *   (raw) bytes and as transferred (response bodies as sent, compressed where the server compressed);
 * - runs Lighthouse (mobile form factor, its default simulated throttling) on the landing page and
 *   a course page, a few times each (`--runs N`, default 3), and prints the median and the range.
 * Lighthouse's reports go to a temporary folder (printed), never into the repository.
 * A benchmark, not a test: it prints numbers and asserts nothing. It stops its server and browsers.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { cpus, freemem, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Browser } from "playwright-core";
import { CHROMIUM_PATH, launchChromium } from "../harness/chromium";
import { startServer } from "../harness/server";
import { ensureClientBuild } from "../scripts/client-build";

const runsArgument = process.argv.indexOf("--runs");
const LIGHTHOUSE_RUNS = runsArgument > 0 ? Math.max(1, Number(process.argv[runsArgument + 1]) || 3) : 3;

interface Bytes {
  raw: number;
  transferred: number;
}
interface RouteLoad {
  route: string;
  requests: number;
  js: Bytes;
  css: Bytes;
  total: Bytes;
  jsFiles: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Loads `path` in a new context (empty cache) and adds up every response it received. */
async function measureFirstLoad(browser: Browser, baseURL: string, path: string): Promise<RouteLoad> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const finished: Promise<{ type: string; raw: number; transferred: number }>[] = [];
  page.on("requestfinished", (request) => {
    finished.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        return { type: request.resourceType(), raw: body.byteLength, transferred: sizes.responseBodySize };
      })(),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  // On a busy machine the network can rest while the script still runs: wait for the page's
  // heading (the route's code has run and asked for its data), then for the network to rest again.
  await page.locator("main h1").first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  const entries = await Promise.all(finished);
  await context.close();

  const sum = (filter: (type: string) => boolean) =>
    entries
      .filter((entry) => filter(entry.type))
      .reduce((total, entry) => ({ raw: total.raw + entry.raw, transferred: total.transferred + entry.transferred }), {
        raw: 0,
        transferred: 0,
      });
  return {
    route: path,
    requests: entries.length,
    js: sum((type) => type === "script"),
    css: sum((type) => type === "stylesheet"),
    total: sum(() => true),
    jsFiles: entries.filter((entry) => entry.type === "script").length,
  };
}

interface LighthouseRun {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
}

async function runLighthouse(url: string, reportDir: string, label: string, run: number): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // A run can fail to record its trace on a busy machine (NO_NAVSTART, NO_FCP): try it again.
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    await writeFile(join(reportDir, `${label}-${run}.json`), JSON.stringify(lhr));
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: audit("largest-contentful-paint"),
      cls: audit("cumulative-layout-shift"),
      tbt: audit("total-blocking-time"),
      fcp: audit("first-contentful-paint"),
    };
  } finally {
    chrome.kill();
  }
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(" | ")} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i === 0 ? `${"-".repeat(w + 1)}-` : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  ]
    .concat(rows.map(line))
    .join("\n");
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

await ensureClientBuild();
const server = await startServer({ NODE_ENV: "production", SEED_DEMO: "true" });
let browser: Browser | undefined;
try {
  // A demo course with decks, and its first deck.
  const courses = (await (await fetch(`${server.url}/api/courses/most-followed`)).json()) as {
    items: { id: number }[];
  };
  let coursePath = "";
  let deckPath = "";
  for (const { id } of courses.items) {
    const course = (await (await fetch(`${server.url}/api/courses/${id}`)).json()) as { decks: { id: number }[] };
    const deck = course.decks[0];
    if (!deck) continue;
    coursePath = `/en/courses/${id}`;
    deckPath = `${coursePath}/decks/${deck.id}`;
    break;
  }
  if (!deckPath) throw new Error("No demo course with a deck: is SEED_DEMO on?");

  browser = await launchChromium();
  const routes = ["/en/", coursePath, deckPath, `${deckPath}/study`];
  const loads: RouteLoad[] = [];
  for (const route of routes) loads.push(await measureFirstLoad(browser, server.url, route));
  await browser.close();
  browser = undefined;

  const reportDir = await mkdtemp(join(tmpdir(), "flashcards-lighthouse-"));
  const lighthouseRows: string[][] = [];
  for (const [label, route] of [
    ["landing", "/en/"],
    ["course", coursePath],
  ] as const) {
    const runs: LighthouseRun[] = [];
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
      for (let attempt = 1; ; attempt++) {
        try {
          runs.push(await runLighthouse(`${server.url}${route}`, reportDir, label, run));
          break;
        } catch (error) {
          console.warn(`Lighthouse run ${run} on ${route} failed (attempt ${attempt}): ${(error as Error).message}`);
          if (attempt === 3) break;
        }
      }
    }
    if (runs.length === 0) throw new Error(`Every Lighthouse run on ${route} failed`);
    const cell = (pick: (run: LighthouseRun) => number, format: (value: number) => string) => {
      const values = runs.map(pick);
      const range = runs.length > 1 ? ` (${format(Math.min(...values))}–${format(Math.max(...values))})` : "";
      return `${format(median(values))}${range}`;
    };
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    lighthouseRows.push([
      route,
      cell(
        (r) => r.score,
        (v) => String(Math.round(v)),
      ),
      cell((r) => r.fcp, seconds),
      cell((r) => r.lcp, seconds),
      cell(
        (r) => r.cls,
        (v) => v.toFixed(3),
      ),
      cell(
        (r) => r.tbt,
        (v) => `${Math.round(v)} ms`,
      ),
    ]);
  }

  console.log(
    "\nFirst visit (empty cache), desktop viewport; KB = 1,024 bytes; transferred = response bodies as sent\n",
  );
  console.log(
    table(
      ["route", "requests", "JS files", "JS raw", "JS sent", "CSS raw", "CSS sent", "total raw", "total sent"],
      loads.map((load) => [
        load.route,
        String(load.requests),
        String(load.jsFiles),
        kb(load.js.raw),
        kb(load.js.transferred),
        kb(load.css.raw),
        kb(load.css.transferred),
        kb(load.total.raw),
        kb(load.total.transferred),
      ]),
    ),
  );
  console.log(
    `\nLighthouse ${LIGHTHOUSE_RUNS === 1 ? "(1 run)" : `median of ${LIGHTHOUSE_RUNS} runs (min–max)`}: mobile, simulated throttling\n`,
  );
  console.log(table(["route", "score", "FCP", "LCP", "CLS", "TBT"], lighthouseRows));
  console.log(`\nLighthouse reports (JSON): ${reportDir}`);
  const cpu = cpus();
  console.log(
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM ` +
      `(${(freemem() / 2 ** 30).toFixed(1)} free), load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}; Node ${process.version}; ${chromiumVersion()}`,
  );
  console.log(`Date: ${new Date().toISOString()}`);
} finally {
  await browser?.close().catch(() => {});
  await server.stop();
}
