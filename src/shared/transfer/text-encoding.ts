/**
 * The characters of a text file. Spreadsheets save CSV as UTF-8 (often with a BOM), as UTF-16
 * ("Unicode text"), or in the system's legacy encoding: Shift-JIS from Japanese Excel, sometimes
 * EUC-JP. Each is tried strictly (fatal decoding), so a wrong guess fails instead of turning the
 * text into replacement characters; browsers and Node both decode all of them (Encoding Standard).
 */
import { ImportFileError } from "./types";

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "shift_jis" | "euc-jp";

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

function strictly(encoding: TextEncodingName, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Half-width katakana and private-use characters: what Japanese text read in the wrong encoding is full of. */
function unlikelyCharacters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0xff61 && code <= 0xff9f) || (code >= 0xe000 && code <= 0xf8ff)) count += 1;
  }
  return count;
}

const UNREADABLE = "The file is not UTF-8, UTF-16, Shift-JIS or EUC-JP text.";

/** UTF-8 (or a byte order mark's encoding) first; then Shift-JIS or EUC-JP, whichever reads better. */
export function decodeTextFile(bytes: Uint8Array): DecodedText {
  const bom: TextEncodingName | null =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
      ? "utf-8"
      : bytes[0] === 0xff && bytes[1] === 0xfe
        ? "utf-16le"
        : bytes[0] === 0xfe && bytes[1] === 0xff
          ? "utf-16be"
          : null;
  if (bom) {
    const text = strictly(bom, bytes);
    if (text === null)
      throw new ImportFileError("unknown_encoding", `${UNREADABLE} (Its byte order mark says ${bom}.)`);
    return { text, encoding: bom };
  }
  const utf8 = strictly("utf-8", bytes);
  if (utf8 !== null) return { text: utf8, encoding: "utf-8" };
  // The same bytes can be valid in both: EUC-JP's kana read as Shift-JIS become half-width
  // katakana, so the reading with fewer unlikely characters wins (Shift-JIS on a tie).
  const readings: (DecodedText & { unlikely: number })[] = [];
  for (const encoding of ["shift_jis", "euc-jp"] as const) {
    const text = strictly(encoding, bytes);
    if (text !== null) readings.push({ text, encoding, unlikely: unlikelyCharacters(text) });
  }
  readings.sort((a, b) => a.unlikely - b.unlikely);
  const best = readings[0];
  if (!best) throw new ImportFileError("unknown_encoding", UNREADABLE);
  return { text: best.text, encoding: best.encoding };
}
