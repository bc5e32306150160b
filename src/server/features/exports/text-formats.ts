/**
 * The two text exports (docs/decisions/0028-exports.md).
 *
 * CSV: RFC 4180 quoting under Anki's text-file headers, so Anki imports it as it is (decks by the
 * deck column, GUIDs by the GUID column, the course's tags by `#tags:`) and any spreadsheet opens it:
 * a UTF-8 byte order mark first (Excel reads Japanese right only with it), every cell made safe from
 * formula injection (decision 0037). Quizlet: its import's default layout, term TAB definition.
 *
 * Both are written a few hundred cards at a time (the worker sends each piece as it is done).
 */
import { spreadsheetSafeCell } from "@shared/transfer/spreadsheet-cell";
import { cardGuid } from "./anki-ids";
import { NOTE_TYPE_NAME } from "./anki-package";
import { ankiDeckName, ankiTags, type CourseExport } from "./course-export";

/**
 * Anki maps the columns to the note type's fields by these names when a `#columns:` line names them
 * (rslib's csv metadata, `map_field_columns_by_name`): Front and Back are the fields of our package's
 * note type and of Anki's own Basic. Deck and GUID are its meta columns; Duration names no field, so
 * Anki leaves it unmapped, and our import reads it back as each card's display time.
 */
export const CSV_COLUMNS = ["Front", "Back", "Deck", "GUID", "Duration"] as const;

/**
 * A field quoted when it must be: a comma, a quote, a line break, a leading "#" (Anki would take the
 * line for a comment or header) or space at either end (some readers trim it). Quotes are doubled.
 */
export function csvField(value: string): string {
  return /[",\r\n]|^[#\s]|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Cards written per piece of a streamed export. */
const CARDS_PER_CHUNK = 250;

/**
 * Excel takes a CSV without it for the local code page (Shift-JIS in Japan). Anki strips it before
 * reading `#separator:` since 2.1.58 (rslib `strip_utf8_bom`, decision 0037).
 */
export const UTF8_BOM = "\uFEFF";

/** A CSV cell: made safe to open in a spreadsheet (our import undoes it), then quoted if needed. */
export function csvCell(value: string): string {
  return csvField(spreadsheetSafeCell(value));
}

/** The CSV in pieces: the byte order mark and headers, then the cards deck by deck. */
export function* csvChunks(course: CourseExport, site: string): Generator<string> {
  const tags = ankiTags(course.tags);
  const headers = [
    "#separator:Comma",
    "#html:false",
    // The package's note type, when the collection has it (a package was imported before): a GUID
    // then finds its note under the same type and updates it. Anki ignores a name it does not have.
    `#notetype:${NOTE_TYPE_NAME}`,
    ...(tags.length ? [`#tags:${tags.join(" ")}`] : []),
    `#columns:${CSV_COLUMNS.join(",")}`,
    `#deck column:${CSV_COLUMNS.indexOf("Deck") + 1}`,
    `#guid column:${CSV_COLUMNS.indexOf("GUID") + 1}`,
  ];
  yield `${UTF8_BOM}${headers.join("\n")}\n`;
  let lines: string[] = [];
  for (const deck of course.decks) {
    const deckName = ankiDeckName(course, deck);
    for (const card of deck.cards) {
      const fields = [card.question, card.answer, deckName, cardGuid(site, card.id), String(card.duration)];
      lines.push(`${fields.map(csvCell).join(",")}\n`);
      if (lines.length === CARDS_PER_CHUNK) {
        yield lines.join("");
        lines = [];
      }
    }
  }
  if (lines.length) yield lines.join("");
}

/**
 * Quizlet's layout has no quoting: a tab or a line break inside a card would split it. Line breaks
 * (and tabs) inside a card become a single space, so every card stays one line of two parts.
 */
export function quizletField(value: string): string {
  return value
    .replace(/[\t\r\n]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** Every card of the course, deck by deck in level order, in pieces. */
export function* quizletChunks(course: CourseExport): Generator<string> {
  let lines: string[] = [];
  for (const deck of course.decks) {
    for (const card of deck.cards) {
      lines.push(`${quizletField(card.question)}\t${quizletField(card.answer)}\n`);
      if (lines.length === CARDS_PER_CHUNK) {
        yield lines.join("");
        lines = [];
      }
    }
  }
  if (lines.length) yield lines.join("");
}
