import type { AnkiCollection } from "@shared/transfer/anki";
import type { ImportErrorCode } from "@shared/transfer/types";

export type WorkerReply =
  | { type: "progress"; fraction: number }
  | { type: "done"; collection: AnkiCollection }
  | { type: "error"; code: ImportErrorCode };
