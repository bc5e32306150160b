/**
 * A table read from a CSV, TSV or Anki "Notes in Plain Text" file (by `parseDelimited`,
 * `csv-read.ts`, in the text worker), and its rows turned into decks on the page (decision 0027).
 */
import { CARD_DURATION_MAX_SECONDS, CARD_DURATION_MIN_SECONDS } from "../limits";
import { htmlToText } from "./html";
import { withoutCommonParent } from "./plan";
import { type ImportDeck, type ImportLosses, NO_LOSSES } from "./types";

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
