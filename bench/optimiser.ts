/**
 * `npm run bench:optimiser`: what fitting a learner's own memory model costs (decision 0046). For
 * each size, a made-up learner's review log (src/server/test/synthetic-review-log.ts) is stored in
 * an in-memory PGlite database, read back as the optimiser reads it (paged, by the log's index),
 * and fitted in the optimiser's worker thread, as the server does. Printed as a table: the read,
 * the fit (the first one starts the worker), the main thread's longest event-loop stall while the
 * worker fits, the CPU time, and how well the defaults and the fitted weights predict the answers.
 *
 * Options (environment or --name=value):
 *   BENCH_ANSWERS   comma-separated log sizes (default 1000,10000,50000)
 *   BENCH_ROUNDS    fits per size after the first (default 3; the median is shown)
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { openDatabase } from "@server/db/client";
import { reviewLog } from "@server/db/schema";
import { readTrainingSet } from "@server/features/memory-model/optimiser";
import { OptimiserPool } from "@server/features/memory-model/optimiser-pool";
import type { OptimiseResult } from "@server/features/memory-model/optimiser-worker";
import { longTermAnswersIn, type TrainingSet } from "@server/features/memory-model/training-set";
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const ms = (value: number) => value.toFixed(0);

/** A copy of the set for each fit: its buffers are handed to the worker. */
const copy = (set: TrainingSet): TrainingSet => ({
  cardStarts: set.cardStarts.slice(),
  ratings: set.ratings.slice(),
  deltaDays: set.deltaDays.slice(),
});

async function main() {
  console.log("Opening an in-memory PGlite database and applying the migrations…");
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const { db } = database;
  // One worker for the whole run, as in the server (a fit at a time), with the server's time limit.
  const pool = new OptimiserPool({ timeoutMs: 10 * 60 * 1000 });
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

      const fits: { ms: number; cpuMs: number; stallMs: number; result: OptimiseResult }[] = [];
      for (let round = 0; round <= ROUNDS; round += 1) {
        const delay = monitorEventLoopDelay({ resolution: 10 });
        const cpu = process.cpuUsage();
        delay.enable();
        const started = performance.now();
        const result = await pool.run(copy(set));
        const elapsed = performance.now() - started;
        delay.disable();
        const used = process.cpuUsage(cpu);
        fits.push({ ms: elapsed, cpuMs: (used.user + used.system) / 1000, stallMs: delay.max / 1e6, result });
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
        ms(median(rest.map((fit) => fit.cpuMs))),
        `${ms(Math.max(...fits.map((fit) => fit.stallMs)))} (${ms(idle.max / 1e6)} idle)`,
        `${defaults.logLoss.toFixed(3)} → ${personal.logLoss.toFixed(3)}`,
        `${(defaults.rmse * 100).toFixed(1)}% → ${(personal.rmse * 100).toFixed(1)}%`,
      ]);
      console.log(`  ${size} answers: fitted`);
    }
  } finally {
    await pool.close();
    await database.close();
  }

  console.log(
    `\nFitting a learner's memory model (@open-spaced-repetition/binding 0.5.0), ${ROUNDS} fits a size after the first:\n`,
  );
  console.log(
    markdownTable(
      [
        "Answers",
        "Cards",
        "Items",
        "Read (ms)",
        "First fit (ms)",
        "Fit (ms, median)",
        "CPU (ms)",
        "Main thread stall (ms)",
        "Log loss default → yours",
        "RMSE default → yours",
      ],
      lines,
      [0, 1, 2, 3, 4, 5, 6, 7],
    ),
  );
  console.log(
    "\nItems: answers a day or more after the card's previous one (what the optimiser predicts). First fit:" +
      " includes starting the worker thread and loading the optimiser. CPU: the process's, all threads, during" +
      " one fit. Main thread stall: the event loop's longest delay while the worker fitted, and over as long" +
      " with no fit (the machine's other load): near the timer's resolution, 10 ms, on an idle machine.",
  );
}

await main();
