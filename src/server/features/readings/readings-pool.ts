/**
 * One worker thread for reading suggestions (decision 0053), started on the first request that
 * needs the analyser, so neither start-up nor a server that never gets one pays for its dictionary.
 * One analysis at a time (each is a millisecond or so once loaded) with a short queue: a full queue
 * answers "busy" at once instead of holding requests. The worker stays loaded while authors are
 * editing and is stopped after a quiet while, which gives its memory back.
 */
import { workerFile } from "@server/workers/worker-file";
import { Piscina } from "piscina";
import type { Word } from "./reading-alignment";

/** Analyses waiting for the worker beyond the one it runs. */
export const READINGS_MAX_QUEUE = 16;
/** A worker idle this long is stopped (and its dictionary loaded again on the next request). */
const IDLE_MS = 10 * 60_000;

let pool: Piscina | undefined;

function readingsPool(): Piscina {
  pool ??= new Piscina({
    ...workerFile("readings-worker", new URL("./readings.worker.ts", import.meta.url)),
    minThreads: 0,
    maxThreads: 1,
    maxQueue: READINGS_MAX_QUEUE,
    idleTimeout: IDLE_MS,
  });
  return pool;
}

/** Thrown when the queue is full: the route answers 503 with Retry-After. */
export class ReadingsBusy extends Error {
  constructor() {
    super("The reading analyser's queue is full.");
    this.name = "ReadingsBusy";
  }
}

/** Each text's words, analysed in the worker; Piscina refuses at once when its queue is full. */
export async function analyseInWorker(texts: string[]): Promise<Word[][]> {
  try {
    return (await readingsPool().run({ texts })) as Word[][];
  } catch (error) {
    if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new ReadingsBusy();
    throw error;
  }
}
