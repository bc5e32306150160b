/**
 * The two text exports (docs/decisions/0028-exports.md).
 *
 * CSV: RFC 4180 quoting under Anki's text-file headers, so Anki imports it as it is (decks by the
 * deck column, GUIDs by the GUID column, the course's tags by `#tags:`) and any spreadsheet opens it.
 * Quizlet: its import's default layout, term TAB definition, a card a line.
 */
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

export function buildCsv(course: CourseExport, site: string): string {
  const tags = ankiTags(course.tags);
  const lines = [
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
  for (const deck of course.decks) {
    const deckName = ankiDeckName(course, deck);
    for (const card of deck.cards) {
      const fields = [card.question, card.answer, deckName, cardGuid(site, card.id), String(card.duration)];
      lines.push(fields.map(csvField).join(","));
    }
  }
  return `${lines.join("\n")}\n`;
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

/** Every card of the course, deck by deck in level order. */
export function buildQuizlet(course: CourseExport): string {
  const lines = course.decks.flatMap((deck) =>
    deck.cards.map((card) => `${quizletField(card.question)}\t${quizletField(card.answer)}`),
  );
  return lines.length ? `${lines.join("\n")}\n` : "";
}
