/**
 * `npm run bench:optimiser`: what fitting a learner's own memory model costs (decision 0046). For
 * each size, a made-up learner's review log (src/server/test/synthetic-review-log.ts) is stored in
 * an in-memory PGlite database, read back as the optimiser reads it (paged, by the log's index),
 * and fitted in the optimiser's child process, as the server does: a new child for each fit. Printed
 * as a table: the read, a fit as the server waits for it (starting the child, sending the set, the
 * fit, the reply, the child's exit), the fit alone inside the child, the rest (the child's start-up
 * and the messages), the child's CPU time, the main thread's longest event-loop stall meanwhile, and
 * how well the defaults and the fitted weights predict the answers.
 *
 * The child is the production bundle's (dist/server/optimiser-child.js, built first when it is
 * missing or older than the sources), as `npm start` runs it; BENCH_CHILD=source runs it from the
 * sources through tsx instead, as `npm run dev` and the tests do (tsx's start-up is most of its time).
 *
 * Options (environment or --name=value):
 *   BENCH_ANSWERS   comma-separated log sizes (default 1000,10000,50000)
 *   BENCH_ROUNDS    fits per size after the first (default 3; the median is shown)
 *   BENCH_CHILD     bundle (default) or source
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { openDatabase } from "@server/db/client";
import { reviewLog } from "@server/db/schema";
import { readTrainingSet } from "@server/features/memory-model/optimiser";
import type { OptimiseResult } from "@server/features/memory-model/optimiser-messages";
import { OptimiserProcess } from "@server/features/memory-model/optimiser-process";
import { longTermAnswersIn } from "@server/features/memory-model/training-set";
import { createDeck, createUser } from "@server/test/factories";
import { syntheticReviewLog } from "@server/test/synthetic-review-log";
import { markdownTable } from "./lib/markdown";
import { option } from "./lib/options";

const SIZES = (
  process.argv.find((arg) => arg.startsWith("--answers="))?.split("=")[1] ??
  process.env.BENCH_ANSWERS ??
  "1000,10000,50000"
)
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const ROUNDS = option("BENCH_ROUNDS", 3);
const CHILD =
  process.argv.find((arg) => arg.startsWith("--child="))?.split("=")[1] ?? process.env.BENCH_CHILD ?? "bundle";
if (CHILD !== "bundle" && CHILD !== "source") throw new Error(`BENCH_CHILD must be bundle or source, not ${CHILD}`);

/** The server bundle with the optimiser's child, built when it is missing or older than its sources. */
function buildBundledChild() {
  const build = `const build = await import("./scripts/build.mjs");
    if (build.isStale("dist/server/optimiser-child.js", build.serverInputs)) {
      console.log("Building the server bundle…");
      await build.buildServer();
    }`;
  execFileSync(process.execPath, ["--input-type=module", "-e", build], {
    cwd: join(import.meta.dirname, ".."),
    stdio: "inherit",
  });
  // What the bundle defines: workers/worker-file.ts then starts dist/server/optimiser-child.js.
  process.env.SERVER_BUNDLE = "1";
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const ms = (value: number) => value.toFixed(0);

async function main() {
  if (CHILD === "bundle") buildBundledChild();
  console.log("Opening an in-memory PGlite database and applying the migrations…");
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const { db } = database;
  // As in the server: a fit at a time, each in a new child, with the server's limits (a longer time).
  const optimiser = new OptimiserProcess({ timeoutMs: 10 * 60 * 1000 });
  const lines: string[][] = [];
  try {
    for (const size of SIZES) {
      const log = syntheticReviewLog({ answers: size });
      const cards = new Set(log.map((answer) => answer.card)).size;
      const user = await createUser(db);
      const deck = await createDeck(db, { cards });
      const rows = log.map((answer) => ({
        id: crypto.randomUUID(),
        userId: user.id,
        cardId: deck.cards[answer.card]?.id ?? 0,
        courseId: deck.courseId,
        mode: "review",
        grade: answer.grade,
        answeredAt: answer.answeredAt,
      }));
      for (let i = 0; i < rows.length; i += 2000) await db.insert(reviewLog).values(rows.slice(i, i + 2000));

      const readStarted = performance.now();
      const { set } = await readTrainingSet(db, user.id);
      const readMs = performance.now() - readStarted;

      const fits: {
        ms: number;
        fitMs: number;
        childCpuMs: number;
        childMemoryMb: number;
        serverCpuMs: number;
        forkMs: number;
        serverMemoryMb: number;
        stallMs: number;
        result: OptimiseResult;
      }[] = [];
      for (let round = 0; round <= ROUNDS; round += 1) {
        const delay = monitorEventLoopDelay({ resolution: 10 });
        const cpu = process.cpuUsage();
        delay.enable();
        // The histogram records from its first sample on: a run started in the same tick would hide
        // its synchronous start (the fork) from it.
        await new Promise((resolve) => setTimeout(resolve, 20));
        const started = performance.now();
        const run = await optimiser.run(set);
        const elapsed = performance.now() - started;
        delay.disable();
        const used = process.cpuUsage(cpu);
        fits.push({
          ms: elapsed,
          fitMs: run.fitMs,
          childCpuMs: run.childCpuMs,
          childMemoryMb: run.childPeakMemoryMb,
          serverCpuMs: (used.user + used.system) / 1000,
          forkMs: run.forkMs,
          serverMemoryMb: process.memoryUsage.rss() / (1024 * 1024),
          stallMs: delay.max / 1e6,
          result: run.result,
        });
      }
      const [first, ...rest] = fits;
      const last = fits.at(-1);
      if (!first || !last) continue;
      // The same stall measured over as long with no fit: what the machine's other work costs alone.
      const idle = monitorEventLoopDelay({ resolution: 10 });
      idle.enable();
      await new Promise((resolve) => setTimeout(resolve, median(rest.map((fit) => fit.ms))));
      idle.disable();
      const { defaults, personal } = last.result;
      lines.push([
        size.toLocaleString("en"),
        cards.toLocaleString("en"),
        longTermAnswersIn(set).toLocaleString("en"),
        ms(readMs),
        ms(first.ms),
        ms(median(rest.map((fit) => fit.ms))),
        ms(median(rest.map((fit) => fit.fitMs))),
        ms(median(rest.map((fit) => fit.ms - fit.fitMs))),
        ms(median(rest.map((fit) => fit.childCpuMs))),
        ms(Math.max(...fits.map((fit) => fit.childMemoryMb))),
        ms(median(rest.map((fit) => fit.serverCpuMs))),
        `${ms(median(rest.map((fit) => fit.forkMs)))} (${ms(Math.max(...fits.map((fit) => fit.forkMs)))})`,
        ms(Math.max(...fits.map((fit) => fit.serverMemoryMb))),
        `${ms(Math.max(...fits.map((fit) => fit.stallMs)))} (${ms(idle.max / 1e6)} idle)`,
        `${defaults.logLoss.toFixed(3)} → ${personal.logLoss.toFixed(3)}`,
        `${(defaults.rmse * 100).toFixed(1)}% → ${(personal.rmse * 100).toFixed(1)}%`,
      ]);
      console.log(`  ${size} answers: fitted`);
    }
  } finally {
    await optimiser.close();
    await database.close();
  }

  console.log(
    `\nFitting a learner's memory model (@open-spaced-repetition/binding 0.5.0) in a child process run from ${
      CHILD === "bundle" ? "the production bundle" : "the sources (tsx)"
    }, ${ROUNDS} fits a size after the first:\n`,
  );
  console.log(
    markdownTable(
      [
        "Answers",
        "Cards",
        "Items",
        "Read (ms)",
        "First run (ms)",
        "Run (ms, median)",
        "Fit in the child (ms)",
        "Child start + messages (ms)",
        "Child CPU (ms)",
        "Child peak memory (MB)",
        "Server CPU (ms)",
        "fork() (ms, median (max))",
        "Server memory (MB)",
        "Main thread stall (ms)",
        "Log loss default → yours",
        "RMSE default → yours",
      ],
      lines,
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    ),
  );
  console.log(
    "\nItems: answers a day or more after the card's previous one (what the optimiser predicts). Run: from" +
      " starting the child to its exit, as the server waits for a fit (every run starts a new child; the first" +
      " also warms the file cache). Fit in the child: from the task's arrival to the reply. Child start +" +
      " messages: the rest (starting Node, loading the optimiser, sending the set and the reply, exiting)." +
      " Child CPU: the child's, all its threads, from its start to its reply. Child peak memory: its largest" +
      " resident set, sampled every 100 ms (the highest of the runs). Server CPU: the server process's" +
      " during the run. fork(): how long starting the child held the event loop (Node forks and waits for" +
      " the exec; it grows with the server's memory, the next column, here mostly the in-memory database)." +
      " Main thread stall: the event loop's longest delay during the runs, and over as long with no fit (the" +
      " machine's other load): near the timer's resolution, 10 ms, on an idle machine.",
  );
}

await main();
