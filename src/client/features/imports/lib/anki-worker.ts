/**
 * Reads an Anki package off the page's thread, so a large file does not freeze the page; reports
 * progress as it goes. sql.js's WebAssembly is a file of the build, fetched only here.
 */
import { readAnkiPackage } from "@shared/transfer/anki";
import wasmUrl from "sql.js/dist/sql-wasm.wasm?url";
import { errorReply, replyToPage } from "./worker-messages";

self.onmessage = async (event: MessageEvent<ArrayBuffer>) => {
  try {
    const collection = await readAnkiPackage(new Uint8Array(event.data), {
      sqlJs: { locateFile: () => wasmUrl },
      onProgress: (_stage, fraction) => replyToPage({ type: "progress", fraction }),
    });
    replyToPage({ type: "anki", collection });
  } catch (error) {
    replyToPage(errorReply(error));
  }
};
