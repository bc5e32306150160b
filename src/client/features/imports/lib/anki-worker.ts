/**
 * Reads an Anki package off the page's thread, so a large file does not freeze the page; reports
 * progress as it goes. sql.js's WebAssembly is a file of the build, fetched only here.
 */
import { readAnkiPackage } from "@shared/transfer/anki";
import { ImportFileError } from "@shared/transfer/types";
import wasmUrl from "sql.js/dist/sql-wasm.wasm?url";
import type { WorkerReply } from "./worker-messages";

const reply = (message: WorkerReply) => (self as unknown as Worker).postMessage(message);

self.onmessage = async (event: MessageEvent<ArrayBuffer>) => {
  try {
    const collection = await readAnkiPackage(new Uint8Array(event.data), {
      sqlJs: { locateFile: () => wasmUrl },
      onProgress: (_stage, fraction) => reply({ type: "progress", fraction }),
    });
    reply({ type: "done", collection });
  } catch (error) {
    if (!(error instanceof ImportFileError)) console.error(error);
    reply({ type: "error", code: error instanceof ImportFileError ? error.code : "corrupt" });
  }
};
