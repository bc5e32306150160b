/**
 * Reads a CSV, TSV or text file off the page's thread: finds its encoding, decodes it and parses it
 * (a file of 100 MB would otherwise freeze the page). The preview's conversion of the rows stays on
 * the page, so choosing other columns does not read the file again.
 */
import { parseDelimited } from "@shared/transfer/csv-read";
import { decodeTextFile } from "@shared/transfer/text-encoding";
import { errorReply, replyToPage } from "./worker-messages";

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  try {
    const { text, encoding } = decodeTextFile(new Uint8Array(event.data));
    replyToPage({ type: "table", table: parseDelimited(text), encoding });
  } catch (error) {
    replyToPage(errorReply(error));
  }
};
