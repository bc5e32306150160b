/**
 * CSV, TSV and Anki's "Notes in Plain Text" files, read with papaparse. Anki's header lines
 * (`#separator:`, `#html:`, `#columns:`, `#deck column:`, `#tags column:`…) are understood; without
 * them a header row is recognised when the first row names the columns (decision 0027). Run in the
 * text worker (decision 0039): papaparse stays out of the page's chunk.
 */
import Papa from "papaparse";
import { withoutForbiddenCharacters } from "../schemas/text";
import type { DelimitedTable } from "./csv";
import { readSpreadsheetCell } from "./spreadsheet-cell";
import { ImportFileError } from "./types";

const SEPARATOR_NAMES: Record<string, string> = {
  comma: ",",
  semicolon: ";",
  tab: "\t",
  space: " ",
  pipe: "|",
  colon: ":",
};

interface AnkiHeaders {
  separator?: string;
  html?: boolean;
  columns?: string[];
  deckColumn?: number;
  tagsColumn?: number;
  guidColumn?: number;
  notetypeColumn?: number;
  deck?: string;
  tags?: string[];
  bodyStart: number;
}

/** Anki writes `#key:value` lines before the notes. */
function readAnkiHeaders(text: string): AnkiHeaders {
  const headers: AnkiHeaders = { bodyStart: 0 };
  let columnsLine: string | undefined;
  let offset = 0;
  while (offset < text.length && text[offset] === "#") {
    const end = text.indexOf("\n", offset);
    const line = text.slice(offset + 1, end < 0 ? text.length : end).replace(/\r$/, "");
    const colon = line.indexOf(":");
    if (colon < 0) break;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1);
    if (key === "separator") headers.separator = SEPARATOR_NAMES[value.trim().toLowerCase()] ?? value;
    else if (key === "html") headers.html = value.trim().toLowerCase() === "true";
    else if (key === "deck column") headers.deckColumn = Number(value) - 1;
    else if (key === "tags column") headers.tagsColumn = Number(value) - 1;
    else if (key === "guid column") headers.guidColumn = Number(value) - 1;
    else if (key === "notetype column") headers.notetypeColumn = Number(value) - 1;
    else if (key === "deck") headers.deck = value.trim();
    else if (key === "tags") headers.tags = value.trim().split(/\s+/).filter(Boolean);
    else if (key === "columns") columnsLine = value.replace(/\r$/, "");
    else if (!/^(notetype|guid|if matches|match scope)$/.test(key)) break;
    offset = end < 0 ? text.length : end + 1;
  }
  headers.bodyStart = offset;
  // The column names use the separator, which may come on a later line.
  if (columnsLine !== undefined) headers.columns = columnsLine.split(headers.separator ?? "\t");
  return headers;
}

function looksLikeHeader(first: string[], second: string[] | undefined): boolean {
  if (!second) return false;
  const names =
    /^(front|back|question|answer|term|definition|word|meaning|deck|tags?|表|裏|問題|答え|質問|解答|単語|意味)$/i;
  return first.some((cell) => names.test(cell.trim()));
}

/**
 * Reads the whole text: every cell as our CSV export meant it (a formula-like cell loses the `'`
 * the export put before it, decision 0039), without the characters the database refuses.
 */
export function parseDelimited(text: string): DelimitedTable {
  const { text: storable, removed } = withoutForbiddenCharacters(text);
  const clean = storable.replace(/^\uFEFF/, "");
  if (clean.trim() === "") throw new ImportFileError("empty", "The file is empty.");
  const headers = readAnkiHeaders(clean);
  const body = clean.slice(headers.bodyStart);
  const parsed = Papa.parse<string[]>(body, {
    delimiter: headers.separator ?? "",
    delimitersToGuess: ["\t", ",", ";", "|"],
    skipEmptyLines: "greedy",
  });
  const quoteError = parsed.errors.find((e) => e.type === "Quotes");
  if (quoteError) {
    throw new ImportFileError("broken_quotes", `A quoted field is not closed (row ${(quoteError.row ?? 0) + 1}).`);
  }
  let rows = parsed.data
    .filter((row) => row.some((cell) => cell.trim() !== ""))
    .map((row) => row.map(readSpreadsheetCell));
  if (rows.length === 0) throw new ImportFileError("empty", "The file has no rows.");
  let columns: (string | null)[];
  if (headers.columns) columns = headers.columns;
  else if (looksLikeHeader(rows[0] ?? [], rows[1])) {
    columns = rows[0] ?? [];
    rows = rows.slice(1);
  } else columns = [];
  // A loop, not Math.max(...rows): spreading 125,000 rows into arguments overflows the stack.
  let width = columns.length;
  for (const row of rows) width = Math.max(width, row.length);
  columns = Array.from({ length: width }, (_, i) => columns[i]?.trim() || null);
  const column = (n: number | undefined) => (n !== undefined && Number.isInteger(n) && n >= 0 ? n : null);
  const duration = headers.columns ? columns.findIndex((name) => name?.toLowerCase() === "duration") : -1;
  return {
    columns,
    rows,
    delimiter: parsed.meta.delimiter,
    html: headers.html ?? false,
    deckColumn: column(headers.deckColumn),
    tagsColumn: column(headers.tagsColumn),
    guidColumn: column(headers.guidColumn),
    notetypeColumn: column(headers.notetypeColumn),
    durationColumn: duration >= 0 ? duration : null,
    deck: headers.deck ?? null,
    tags: headers.tags ?? [],
    removedCharacters: removed,
  };
}
