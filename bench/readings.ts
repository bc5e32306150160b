/**
 * `npm run bench:readings`: what reading suggestions (decision 0053) cost, and that loading their
 * dictionary stalls nobody. The production server (`node dist/server/index.js`, rebuilt first when
 * its sources changed) runs on a fresh PGlite data folder with one signed-in author. A probe asks
 * for `/api/health` every PROBE_EVERY_MS on its own schedule (a stalled server piles them up; none
 * is skipped) and times each answer: first for a few seconds with the analyser never used (the
 * reference, same run), then while the first `POST /api/readings` starts the worker and loads the
 * dictionary, then while an author asks for a typical card's readings again and again. Also the
 * server's RSS before and after the dictionary is loaded. Then, the server stopped, the bundled
 * worker file in this process: in a worker thread (its own heap and buffers after loading, its time
 * per analysis, and how long this process's event loop was held meanwhile) and, as the reference,
 * on the main thread, as a server without the worker would load it. Prints tables; a benchmark, it
 * asserts nothing.
 *
 * Options (environment or --name=value):
 *   BENCH_WINDOW  seconds of the reference probes (default 5)
 *   BENCH_CALLS   suggestions asked one after the other for the per-call figures (default 100)
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { openDatabase } from "@server/db/client";
import { initialDataFolder } from "@server/db/initial-data";
import { sessions, userProfiles, users } from "@server/db/schema";
import { freePort } from "@server/test/processes";
import { markdownTable } from "./lib/markdown";
import { AUTH_SECRET, option, signedSessionCookie } from "./lib/options";
import { startProcess, stop, stopChildrenOnExit } from "./lib/processes";

const root = join(import.meta.dirname, "..");
const WINDOW_S = option("BENCH_WINDOW", 5);
const CALLS = option("BENCH_CALLS", 100);
const PROBE_EVERY_MS = 20;
/** A typical card: a sentence of kanji, kana and punctuation. */
const CARD = "日本語を勉強するのは楽しいです。毎日漢字を練習しています。";

stopChildrenOnExit();

interface Probe {
  ms: number;
  status: number;
}

/** Health probes on a fixed schedule until stopped; each timed from when it was due. */
function startProbes(base: string) {
  const probes: Promise<Probe>[] = [];
  const timer = setInterval(() => {
    const started = performance.now();
    probes.push(
      fetch(`${base}/api/health`)
        .then(async (res) => {
          await res.arrayBuffer();
          return { ms: performance.now() - started, status: res.status };
        })
        .catch(() => ({ ms: performance.now() - started, status: 0 })),
    );
  }, PROBE_EVERY_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      return Promise.all(probes);
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value: number) => value.toFixed(1);
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function suggest(base: string, cookie: string, text: string) {
  const started = performance.now();
  const res = await fetch(`${base}/api/readings`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ text }),
  });
  const body = (await res.json()) as { text?: string };
  return { ms: performance.now() - started, status: res.status, text: body.text ?? "" };
}

/** An author with a session, written before the server starts (PGlite has one process per folder). */
async function prepare(dataDir: string): Promise<string> {
  const handle = await openDatabase({ dataDir: join(dataDir, "pglite"), initialData: () => initialDataFolder() });
  try {
    await handle.migrate();
    const id = "bench-readings-author";
    await handle.db.insert(users).values({ id, name: "Author", email: "author@bench.example", emailVerified: true });
    await handle.db.insert(userProfiles).values({ userId: id, email: "author@bench.example" });
    const token = `bench-readings-${randomUUID()}`;
    await handle.db
      .insert(sessions)
      .values({ id: `session-${id}`, token, userId: id, expiresAt: new Date(Date.now() + 864e5) });
    return signedSessionCookie(token);
  } finally {
    await handle.close();
  }
}

interface LoadFigures {
  firstMs: number;
  perCallMs: number;
  heapMb: number;
  externalMb: number;
  /** The longest this process's event loop was held while the dictionary loaded. */
  loopMaxMs: number;
}

/**
 * The bundled worker file run in this process as Piscina runs it, in a worker thread: its heap and
 * buffers after the first analysis (dictionary loaded), the first analysis's time, the time per
 * analysis of the typical card after that, and how long this process's event loop was held
 * meanwhile. The reference, same run: the same file on this process's main thread (what a server
 * without the worker would do), after the worker is gone.
 */
async function loadFigures(where: "worker" | "main"): Promise<LoadFigures> {
  const file = pathToFileURL(join(root, "dist/server/readings-worker.js")).href;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const figures = where === "worker" ? await inWorker(file) : await measureLoad(file, CARD);
  loop.disable();
  return { ...figures, loopMaxMs: loop.max / 1e6 };
}

type Measured = Omit<LoadFigures, "loopMaxMs">;

/** What both places run; as a string too, for the worker's eval. */
async function measureLoad(file: string, card: string): Promise<Measured> {
  const { default: analyse } = (await import(file)) as { default: (task: { texts: string[] }) => Promise<unknown> };
  const started = performance.now();
  await analyse({ texts: [card] });
  const firstMs = performance.now() - started;
  const memory = process.memoryUsage();
  const runs = 1000;
  const loop = performance.now();
  for (let i = 0; i < runs; i++) await analyse({ texts: [card] });
  return {
    firstMs,
    perCallMs: (performance.now() - loop) / runs,
    heapMb: memory.heapUsed / 2 ** 20,
    externalMb: memory.external / 2 ** 20,
  };
}

function inWorker(file: string): Promise<Measured> {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    (${measureLoad.toString()})(workerData.file, workerData.card).then((figures) => parentPort.postMessage(figures));`;
  const worker = new Worker(code, { eval: true, workerData: { file, card: CARD } });
  return new Promise((resolve, reject) => {
    worker.once("message", (figures: Measured) => {
      void worker.terminate().then(() => resolve(figures));
    });
    worker.once("error", reject);
  });
}

async function main() {
  const build = spawnSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("the production build failed");
  console.log(
    `Node ${process.version}, ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GB, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );

  const dataDir = await mkdtemp(join(tmpdir(), "flashcards-readings-"));
  let server: ChildProcess | undefined;
  try {
    const cookie = await prepare(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startProcess(
      "the server",
      [join(root, "dist/server/index.js")],
      {
        NODE_ENV: "production",
        SEED_DEMO: "false",
        HOST: "127.0.0.1",
        PORT: String(port),
        AUTH_SECRET,
        DATA_DIR: dataDir,
      },
      /Listening on/,
    );
    await sleep(1000);
    const rssBefore = rssMb(server);

    // The reference: the analyser never used.
    let probes = startProbes(base);
    await sleep(WINDOW_S * 1000);
    const idle = await probes.stop();

    // The first suggestion starts the worker and loads the dictionary.
    probes = startProbes(base);
    const first = await suggest(base, cookie, CARD);
    await sleep(200);
    const loading = await probes.stop();
    await sleep(1000);
    const rssAfter = rssMb(server);

    // An author asking again and again, one request after the other.
    probes = startProbes(base);
    const calls: number[] = [];
    for (let i = 0; i < CALLS; i++) calls.push((await suggest(base, cookie, CARD)).ms);
    const analysing = await probes.stop();

    console.log(`\nFirst suggestion: ${first.status} ${first.text}`);
    const probeRow = (label: string, list: Probe[]) => {
      const times = list.map((p) => p.ms);
      return [
        label,
        String(list.length),
        String(list.filter((p) => p.status !== 200).length),
        ms(percentile(times, 50)),
        ms(percentile(times, 99)),
        ms(Math.max(...times)),
      ];
    };
    console.log("\nGET /api/health, probed every 20 ms\n");
    console.log(
      markdownTable(
        ["while", "probes", "not 200", "p50 ms", "p99 ms", "max ms"],
        [
          probeRow(`nothing else (reference, ${WINDOW_S} s)`, idle),
          probeRow(`the first suggestion (worker start, dictionary load: ${ms(first.ms)} ms)`, loading),
          probeRow(`${CALLS} suggestions one after the other`, analysing),
        ],
        [1, 2, 3, 4, 5],
      ),
    );

    console.log(`\nPOST /api/readings, a typical card (${CARD.length} characters)\n`);
    console.log(
      markdownTable(
        ["figure", "value"],
        [
          ["first request (worker start + dictionary load + analysis), ms", ms(first.ms)],
          [`later requests over HTTP, p50 ms (${CALLS})`, ms(percentile(calls, 50))],
          [`later requests over HTTP, p99 ms (${CALLS})`, ms(percentile(calls, 99))],
          ["server RSS before the first suggestion, MB", rssBefore.toFixed(0)],
          ["server RSS with the analyser loaded, MB", rssAfter.toFixed(0)],
        ],
        [1],
      ),
    );
  } finally {
    if (server) await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  }

  // The server is stopped: the rest runs in this process alone.
  const worker = await loadFigures("worker");
  const main = await loadFigures("main");
  console.log(
    "\nThe worker file in this process: in a worker thread (as the server runs it), and on the main thread as the reference\n",
  );
  console.log(
    markdownTable(
      [
        "where",
        "first analysis (load), ms",
        "per card, ms (1000)",
        "heap, MB",
        "buffers, MB",
        "event loop held, max ms",
      ],
      [worker, main].map((f, i) => [
        i === 0 ? "worker thread" : "main thread (reference)",
        ms(f.firstMs),
        f.perCallMs.toFixed(2),
        f.heapMb.toFixed(0),
        f.externalMb.toFixed(0),
        ms(f.loopMaxMs),
      ]),
      [1, 2, 3, 4, 5],
    ),
  );
}

await main();
