/**
 * CSV, TSV and Anki's "Notes in Plain Text" files, read with papaparse. Anki's header lines
 * (`#separator:`, `#html:`, `#columns:`, `#deck column:`, `#tags column:`…) are understood; without
 * them a header row is recognised when the first row names the columns (decision 0027).
 */
import Papa from "papaparse";
import { CARD_DURATION_MAX_SECONDS, CARD_DURATION_MIN_SECONDS } from "../limits";
import { withoutForbiddenCharacters } from "../schemas/text";
import { htmlToText } from "./html";
import { withoutCommonParent } from "./plan";
import { readSpreadsheetCell } from "./spreadsheet-cell";
import { type ImportDeck, ImportFileError, type ImportLosses, NO_LOSSES } from "./types";

export interface DelimitedTable {
  /** Column names: from `#columns:` or a header row, else "Column 1", "Column 2"… (null: numbered). */
  columns: (string | null)[];
  rows: string[][];
  delimiter: string;
  html: boolean;
  /** 0-based columns named by Anki's header, if any. */
  deckColumn: number | null;
  tagsColumn: number | null;
  /** `#guid column:` and `#notetype column:`: identifiers, never a question or an answer. */
  guidColumn: number | null;
  notetypeColumn: number | null;
  /**
   * A column named "Duration" in Anki's `#columns:` header (our own CSV export writes one): each
   * card's display time in seconds. Anki leaves a column no field is named after unmapped.
   */
  durationColumn: number | null;
  /** `#deck:` — every row's deck. */
  deck: string | null;
  /** `#tags:` — tags of every row. */
  tags: string[];
  /** Characters the database cannot store (NUL…), taken out of the file before it was read. */
  removedCharacters: number;
}

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

export interface ColumnChoice {
  question: number;
  answer: number;
}

/** Columns that say where a card goes or how it is shown (deck, tags, GUID, note type, duration). */
function metaColumns(table: DelimitedTable): Set<number> {
  const { deckColumn, tagsColumn, guidColumn, notetypeColumn, durationColumn } = table;
  return new Set(
    [deckColumn, tagsColumn, guidColumn, notetypeColumn, durationColumn].filter((i): i is number => i !== null),
  );
}

/** The columns a question or an answer can come from: every column but the meta columns. */
export function textColumns(table: DelimitedTable): number[] {
  const meta = metaColumns(table);
  const free = table.columns.map((_, i) => i).filter((i) => !meta.has(i));
  return free.length ? free : table.columns.map((_, i) => i);
}

/** The first two text columns. */
export function defaultColumns(table: DelimitedTable): ColumnChoice {
  const free = textColumns(table);
  return { question: free[0] ?? 0, answer: free[1] ?? free[0] ?? 0 };
}

/** A display time in seconds as our export writes it ("2.5"), if within the card limits. */
function readDuration(value: string): number | undefined {
  const text = value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const seconds = Number(text);
  return seconds >= CARD_DURATION_MIN_SECONDS && seconds <= CARD_DURATION_MAX_SECONDS ? seconds : undefined;
}

export interface TableImport {
  decks: ImportDeck[];
  /** The parent deck every row's deck shares (Anki's `Parent::Child`), taken off their names. */
  parent: string | null;
  tags: string[];
  losses: ImportLosses;
}

/** Rows to decks (by the deck column, else one deck named `fallbackDeck`), with the losses counted. */
export function tableToDecks(table: DelimitedTable, choice: ColumnChoice, fallbackDeck: string): TableImport {
  const decks = new Map<string, ImportDeck>();
  const tags = new Map<string, number>();
  const losses = { ...NO_LOSSES, removedCharacters: table.removedCharacters };
  const used = new Set([choice.question, choice.answer, ...metaColumns(table)]);
  for (const row of table.rows) {
    const cell = (i: number) => row[i] ?? "";
    const convert = (value: string) => {
      if (!table.html) return value.trim();
      const plain = htmlToText(value);
      if (plain.hadMedia) losses.media += 1;
      if (plain.hadFormatting) losses.formatting += 1;
      return plain.text;
    };
    const question = convert(cell(choice.question));
    const answer = convert(cell(choice.answer));
    if (row.some((value, i) => !used.has(i) && value.trim() !== "")) losses.extraFields += 1;
    if (!question || !answer) {
      losses.emptyCards += 1;
      continue;
    }
    const deckName = (table.deckColumn !== null ? cell(table.deckColumn).trim() : "") || table.deck || fallbackDeck;
    const deck = decks.get(deckName) ?? { name: deckName, cards: [] };
    const duration = table.durationColumn !== null ? readDuration(cell(table.durationColumn)) : undefined;
    deck.cards.push(duration === undefined ? { question, answer } : { question, answer, duration });
    decks.set(deckName, deck);
    const rowTags = [...table.tags, ...(table.tagsColumn !== null ? cell(table.tagsColumn).split(/\s+/) : [])];
    for (const tag of rowTags.filter(Boolean)) tags.set(tag, (tags.get(tag) ?? 0) + 1);
  }
  const { parent, decks: named } = withoutCommonParent([...decks.values()]);
  return { decks: named, parent, tags: [...tags.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t), losses };
}
