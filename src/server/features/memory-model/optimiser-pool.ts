/**
 * The optimiser runs in a worker thread (decision 0046): fitting a model takes from a fraction of a
 * second to tens of seconds of CPU, which the event loop must never wait for. One thread, started
 * with the first job and stopped when idle (start-up pays nothing); the queue in front of it
 * (optimiser.ts) hands it one job at a time. A job that runs past `timeoutMs` is aborted: Piscina
 * stops the thread (the optimiser's native code stops at its next progress check, when it finds no
 * thread to report to) and the next job gets a new one.
 */
import { workerFile } from "@server/workers/worker-file";
import { Piscina } from "piscina";
import type { OptimiseResult, OptimiseTask } from "./optimiser-worker";
import type { TrainingSet } from "./training-set";

export interface OptimiserPoolOptions {
  /** A job running longer is aborted (its learner keeps the defaults, with the error recorded). */
  timeoutMs: number;
  /** An idle thread is stopped after this long. */
  idleMs?: number;
}

export class OptimiserPool {
  private piscina: Piscina<OptimiseTask, OptimiseResult> | undefined;

  constructor(private readonly options: OptimiserPoolOptions) {}

  private pool(): Piscina<OptimiseTask, OptimiseResult> {
    this.piscina ??= new Piscina({
      ...workerFile("optimiser-worker", new URL("./optimiser-worker.ts", import.meta.url)),
      minThreads: 0,
      maxThreads: 1,
      maxQueue: 1,
      idleTimeout: this.options.idleMs ?? 30_000,
      // The largest training set (100,000 answers) takes ~100 MB in the optimiser: a set shaped to
      // need far more stops the thread instead of growing the process.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    return this.piscina;
  }

  /** Fits the model; rejects on the optimiser's failure, a stopped thread or the time limit. */
  run(set: TrainingSet): Promise<OptimiseResult> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const transferList = [set.cardStarts.buffer, set.ratings.buffer, set.deltaDays.buffer] as ArrayBuffer[];
    return this.pool().run({ set } satisfies OptimiseTask, { signal, transferList });
  }

  async close(): Promise<void> {
    const piscina = this.piscina;
    this.piscina = undefined;
    await piscina?.destroy();
  }
}
