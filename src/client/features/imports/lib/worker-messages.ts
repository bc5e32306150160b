import type { AnkiCollection } from "@shared/transfer/anki";
import type { DelimitedTable } from "@shared/transfer/csv";
import type { TextEncodingName } from "@shared/transfer/text-encoding";
import { type ImportErrorCode, ImportFileError } from "@shared/transfer/types";

/** What the import workers (`anki-worker.ts`, `text-worker.ts`) send back to the page. */
export type WorkerReply =
  | { type: "progress"; fraction: number }
  | { type: "anki"; collection: AnkiCollection }
  | { type: "table"; table: DelimitedTable; encoding: TextEncodingName }
  | { type: "error"; code: ImportErrorCode };

/** A refused file is an expected answer; anything else is a bug worth logging (in the worker's console). */
export function errorReply(error: unknown): WorkerReply {
  if (error instanceof ImportFileError) return { type: "error", code: error.code };
  console.error(error);
  return { type: "error", code: "corrupt" };
}

/** The worker's global scope, as seen from a worker module. */
export const replyToPage = (message: WorkerReply) => (self as unknown as Worker).postMessage(message);
