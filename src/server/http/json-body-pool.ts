/**
 * One worker thread for the large bodies (an import, up to 8 MB), with a short queue: on two cores
 * one parse at a time leaves the other core to the event loop and the database, and a full queue
 * answers 503 at once instead of holding more bodies in memory (decision 0036).
 * Started on the first large body, so start-up does not pay for it.
 */
import { Piscina } from "piscina";
import { workerFile } from "../workers/worker-file";
import type { WorkerBodyCheck, WorkerSchema } from "./json-body.worker";

/** Bodies waiting for the worker beyond the one it reads; each is at most 8 MB. */
export const JSON_WORKER_MAX_QUEUE = 4;

let pool: Piscina | undefined;

function jsonBodyPool(): Piscina {
  pool ??= new Piscina({
    ...workerFile("json-body-worker", new URL("./json-body.worker.ts", import.meta.url)),
    minThreads: 0,
    maxThreads: 1,
    maxQueue: JSON_WORKER_MAX_QUEUE,
    idleTimeout: 60_000,
    // A body shaped to need more is refused (the worker dies, the task fails) instead of growing the process.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return pool;
}

/** The worker's verdict, or "busy" when the queue is full or the worker could not finish. */
export async function checkBodyInWorker(bytes: Uint8Array, schema: WorkerSchema): Promise<WorkerBodyCheck | "busy"> {
  try {
    return (await jsonBodyPool().run({ bytes, schema })) as WorkerBodyCheck;
  } catch (error) {
    if (!(error instanceof Error && /queue is at limit/i.test(error.message))) console.error(error);
    return "busy";
  }
}
