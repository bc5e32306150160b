/**
 * The deck editor's rows and what a save sends: only the cards that changed, the new ones and the
 * deleted ones. Pure, so it is unit-tested.
 */
import { type IssuePath, samePath } from "@client/lib/form-issues";
import { randomId } from "@shared/ids/random-id";
import type { CardInput, DeckUpdateInput, Flashcard } from "@shared/schemas/deck";

export interface CardRow {
  /** A saved card's id, or a temporary uuid-style id for a new card (spec section 3). */
  key: string;
  savedId?: number;
  question: string;
  answer: string;
  duration: number;
}

export function newRow(duration: number, question = "", answer = ""): CardRow {
  return { key: randomId(), question, answer, duration };
}

export function rowsFromCards(cards: Flashcard[]): CardRow[] {
  return cards.map((card) => ({
    key: String(card.id),
    savedId: card.id,
    question: card.question,
    answer: card.answer,
    duration: card.duration,
  }));
}

const toInput = (row: CardRow): CardInput => ({ question: row.question, answer: row.answer, duration: row.duration });

export function deckChanges(
  original: Flashcard[],
  rows: CardRow[],
): Pick<Required<DeckUpdateInput>, "changed" | "added" | "deleted"> {
  const byId = new Map(original.map((card) => [card.id, card]));
  const kept = new Set(rows.flatMap((row) => (row.savedId === undefined ? [] : [row.savedId])));
  return {
    changed: rows.flatMap((row) => {
      const before = row.savedId === undefined ? undefined : byId.get(row.savedId);
      if (!before || row.savedId === undefined) return [];
      const same =
        before.question === row.question.trim() &&
        before.answer === row.answer.trim() &&
        before.duration === row.duration;
      return same ? [] : [{ id: row.savedId, ...toInput(row) }];
    }),
    added: rows.filter((row) => row.savedId === undefined).map(toInput),
    deleted: original.filter((card) => !kept.has(card.id)).map((card) => card.id),
  };
}

/**
 * Cards from pasted text: one "question<TAB>answer" per line, the format spreadsheets and other
 * flashcard sites export. Lines without a tab, and blank lines, are skipped.
 */
export function parsePastedCards(text: string): { question: string; answer: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.split("\t"))
    .filter((parts) => parts.length >= 2 && (parts[0]?.trim() || parts.slice(1).join("\t").trim()))
    .map(([question = "", ...rest]) => ({ question: question.trim(), answer: rest.join(" ").trim() }));
}

/**
 * Which pasted cards fit in a deck that already holds `held` cards: the first ones, up to `max` in
 * all; the rest are left out (and said to be), not accepted only to be refused on saving.
 */
export function fitPastedCards<T>(held: number, pasted: readonly T[], max: number): { added: T[]; leftOut: T[] } {
  const room = Math.max(0, max - held);
  return { added: pasted.slice(0, room), leftOut: pasted.slice(room) };
}

/**
 * The editor's field for a path of a deck edit request: `changed.1.answer` is the answer of the row
 * holding that saved card, `added.0.question` the question of the first new row, and a changed card
 * deleted meanwhile (`changed.1.id`) is told at its row's question. Deleted cards have no row.
 */
export function deckEditIssuePath(rows: readonly CardRow[], sent: { changed: readonly { id: unknown }[] }) {
  const newRows = rows.flatMap((row, index) => (row.savedId === undefined ? [index] : []));
  return (path: IssuePath): string | null => {
    const [list, position, field] = path;
    const at = typeof position === "number" ? position : -1;
    let row = -1;
    if (list === "changed") row = rows.findIndex((r) => r.savedId !== undefined && r.savedId === sent.changed[at]?.id);
    else if (list === "added") row = newRows[at] ?? -1;
    else if (list === "deleted") return null;
    else return samePath(path);
    if (row < 0) return null;
    return `cards.${row}.${field === "id" || field === undefined ? "question" : String(field)}`;
  };
}
