/**
 * Export files are built in worker threads (decision 0037): building an .apkg with sql.js and
 * zipping it, or writing thousands of CSV lines, would otherwise hold the event loop for seconds.
 * At most `workers` builds run at once and at most `queue` more wait; beyond that `reserve` says
 * no and the route answers 503 with Retry-After. Workers are kept for reuse (sql.js compiles its
 * WebAssembly once per worker) and stopped after a while idle; they never keep the process alive.
 */
import { Worker } from "node:worker_threads";
import type { ExportJob, ExportWorkerMessage } from "./export-worker";

export interface ExportPoolOptions {
  /** Builds at once. */
  workers: number;
  /** Builds waiting for a worker. */
  queue: number;
  /** A worker idle this long is stopped. */
  idleMs?: number;
}

/** A place in the pool, taken before any work (reading the course) starts. */
export interface ExportSlot {
  /** Builds the file; `onChunk` gets its bytes in order (text formats in several pieces). */
  run(job: ExportJob, onChunk: (bytes: Uint8Array<ArrayBuffer>) => void): Promise<void>;
  /** Gives the place back unused (the course turned out not to exist, say). */
  release(): void;
}

/**
 * The worker's code: the bundle's own file beside dist/server/index.js in production (esbuild
 * defines SERVER_BUNDLE there, scripts/build.mjs), else the TypeScript source loaded through tsx,
 * as the tests and `npm run dev` load the rest of the server.
 */
function startWorker(): Worker {
  if (process.env.SERVER_BUNDLE) {
    return new Worker(new URL("../../../../dist/server/export-worker.js", import.meta.url));
  }
  const source = JSON.stringify(new URL("./export-worker.ts", import.meta.url).href);
  return new Worker(`import { tsImport } from "tsx/esm/api"; await tsImport(${source}, ${source});`, { eval: true });
}

export class ExportPool {
  private active = 0;
  private reserved = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly idle = new Map<Worker, NodeJS.Timeout>();

  constructor(private readonly options: ExportPoolOptions) {}

  /** Builds running or waiting, for tests and logs. */
  get pending(): number {
    return this.reserved;
  }

  reserve(): ExportSlot | null {
    if (this.reserved >= this.options.workers + this.options.queue) return null;
    this.reserved += 1;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      this.reserved -= 1;
    };
    return {
      run: (job, onChunk) => this.run(job, onChunk).finally(release),
      release,
    };
  }

  private async run(job: ExportJob, onChunk: (bytes: Uint8Array<ArrayBuffer>) => void): Promise<void> {
    if (this.active < this.options.workers) this.active += 1;
    // A finishing build hands its place over directly (active stays the same).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const worker = this.takeIdleWorker() ?? startWorker();
    worker.unref();
    try {
      await buildOn(worker, job, onChunk);
      this.keepIdle(worker);
    } catch (error) {
      void worker.terminate();
      throw error;
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  private takeIdleWorker(): Worker | undefined {
    const [entry] = this.idle;
    if (!entry) return undefined;
    const [worker, timer] = entry;
    clearTimeout(timer);
    this.idle.delete(worker);
    return worker;
  }

  private keepIdle(worker: Worker) {
    const timer = setTimeout(() => {
      this.idle.delete(worker);
      void worker.terminate();
    }, this.options.idleMs ?? 30_000);
    timer.unref();
    this.idle.set(worker, timer);
  }
}

function buildOn(worker: Worker, job: ExportJob, onChunk: (bytes: Uint8Array<ArrayBuffer>) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (message: ExportWorkerMessage) => {
      if (message.kind === "chunk") return onChunk(message.bytes);
      stop();
      if (message.kind === "done") resolve();
      else reject(new Error(`export build failed: ${message.message}`));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onExit = (code: number) => {
      stop();
      reject(new Error(`export worker stopped (exit code ${code})`));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(job);
  });
}
