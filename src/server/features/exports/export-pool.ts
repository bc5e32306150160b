/**
 * Export files are built in worker threads (decision 0037): building an .apkg with sql.js and
 * zipping it, or writing thousands of CSV lines, would otherwise hold the event loop for seconds.
 * One Piscina runs at most `workers` builds at once with at most `queue` waiting; the places are
 * counted here as well, because one is taken before the course is read (a full pool then costs no
 * read) and `reserve` says no beyond them: the route answers 503 with Retry-After. Piscina keeps
 * idle workers for reuse (sql.js compiles its WebAssembly once per worker), stops them after a
 * while, and never lets them keep the process alive.
 */
import { MessageChannel } from "node:worker_threads";
import { workerFile } from "@server/workers/worker-file";
import { Piscina } from "piscina";
import type { ExportJob, ExportPiece, ExportTask } from "./export-worker";

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

export class ExportPool {
  private reserved = 0;
  private readonly piscina: Piscina<ExportTask, void>;

  constructor(private readonly options: ExportPoolOptions) {
    this.piscina = new Piscina({
      ...workerFile("export-worker", new URL("./export-worker.ts", import.meta.url)),
      minThreads: 0,
      maxThreads: options.workers,
      maxQueue: options.queue,
      idleTimeout: options.idleMs ?? 30_000,
    });
  }

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

  /** The worker posts the file's pieces on a port of its own and a null after the last. */
  private async run(job: ExportJob, onChunk: (bytes: Uint8Array<ArrayBuffer>) => void): Promise<void> {
    const { port1, port2 } = new MessageChannel();
    const received = new Promise<void>((resolve) => {
      port1.on("message", (piece: ExportPiece) => (piece ? onChunk(piece) : resolve()));
    });
    try {
      await this.piscina.run({ job, port: port2 } satisfies ExportTask, { transferList: [port2] });
      await received;
    } finally {
      port1.close();
    }
  }
}
