/**
 * A chosen file to what the preview needs: CSV, TSV and text files are parsed here (papaparse is
 * small and quick); Anki packages go to a Web Worker, which reports progress.
 */
import type { AnkiCollection } from "@shared/transfer/anki";
import { type DelimitedTable, parseDelimited } from "@shared/transfer/csv";
import { assertFileSize, ImportFileError } from "@shared/transfer/types";
import type { WorkerReply } from "./worker-messages";

export type ReadFile = { kind: "table"; table: DelimitedTable } | { kind: "anki"; collection: AnkiCollection };

const TEXT_FILE = /\.(csv|tsv|txt|tab)$/i;
const ANKI_FILE = /\.(apkg|colpkg)$/i;

function readAnki(file: File, onProgress: (fraction: number) => void): Promise<AnkiCollection> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./anki-worker.ts", import.meta.url), { type: "module" });
    const finish = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const message = event.data;
      if (message.type === "progress") return onProgress(message.fraction);
      finish();
      if (message.type === "done") resolve(message.collection);
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
  if (ANKI_FILE.test(file.name)) return { kind: "anki", collection: await readAnki(file, onProgress) };
  if (TEXT_FILE.test(file.name) || file.type.startsWith("text/")) {
    return { kind: "table", table: parseDelimited(await file.text()) };
  }
  throw new ImportFileError("unsupported_type", "Only CSV, TSV, TXT, .apkg and .colpkg files can be imported.");
}
