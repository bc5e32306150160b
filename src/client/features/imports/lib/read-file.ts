/**
 * A chosen file to what the preview needs, read in a Web Worker: Anki packages in `anki-worker.ts`
 * (which reports progress), CSV, TSV and text files in `text-worker.ts` (decoding and parsing).
 */
import type { AnkiCollection } from "@shared/transfer/anki";
import type { DelimitedTable } from "@shared/transfer/csv";
import type { TextEncodingName } from "@shared/transfer/text-encoding";
import { assertFileSize, ImportFileError } from "@shared/transfer/types";
import type { WorkerReply } from "./worker-messages";

export type ReadFile =
  | { kind: "table"; table: DelimitedTable; encoding: TextEncodingName }
  | { kind: "anki"; collection: AnkiCollection };

const TEXT_FILE = /\.(csv|tsv|txt|tab)$/i;
const ANKI_FILE = /\.(apkg|colpkg)$/i;

/** Sends the file's bytes to the worker and waits for its one answer (progress on the way). */
function readInWorker(worker: Worker, file: File, onProgress: (fraction: number) => void): Promise<ReadFile> {
  return new Promise((resolve, reject) => {
    const finish = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const message = event.data;
      if (message.type === "progress") return onProgress(message.fraction);
      finish();
      if (message.type === "anki") resolve({ kind: "anki", collection: message.collection });
      else if (message.type === "table") resolve({ kind: "table", table: message.table, encoding: message.encoding });
      else reject(new ImportFileError(message.code, "The worker refused the file."));
    };
    worker.onerror = () => {
      finish();
      reject(new ImportFileError("corrupt", "The worker failed."));
    };
    file.arrayBuffer().then(
      (buffer) => worker.postMessage(buffer, [buffer]),
      () => {
        finish();
        reject(new ImportFileError("read_failed", "The file could not be read."));
      },
    );
  });
}

export async function readImportFile(file: File, onProgress: (fraction: number) => void): Promise<ReadFile> {
  assertFileSize(file.size);
  // Vite builds each `new Worker(new URL(…))` as a file of its own: papaparse, sql.js and fflate
  // are loaded only for the kind of file chosen.
  if (ANKI_FILE.test(file.name)) {
    return readInWorker(new Worker(new URL("./anki-worker.ts", import.meta.url), { type: "module" }), file, onProgress);
  }
  if (TEXT_FILE.test(file.name) || file.type.startsWith("text/")) {
    return readInWorker(new Worker(new URL("./text-worker.ts", import.meta.url), { type: "module" }), file, onProgress);
  }
  throw new ImportFileError("unsupported_type", "Only CSV, TSV, TXT, .apkg and .colpkg files can be imported.");
}
