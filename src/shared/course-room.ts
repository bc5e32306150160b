/**
 * What still fits in a course under the cap (decision 0037): the server checks every write with it,
 * and the web client says before sending when a deck or an import will not fit.
 */
import { COURSE_MAX_CARDS, COURSE_MAX_DECKS } from "./limits";

export interface CourseSize {
  decks: number;
  cards: number;
}

/** The decks and cards a course of `size` can still take (never below zero: older courses may be over). */
export function courseRoom(size: CourseSize): { decksFit: number; cardsFit: number } {
  return {
    decksFit: Math.max(0, COURSE_MAX_DECKS - size.decks),
    cardsFit: Math.max(0, COURSE_MAX_CARDS - size.cards),
  };
}

/**
 * Why `adding` does not fit a course of `size`, as a translation key and its values, or null when
 * it fits. An import names both what fits and what it brings; a deck the limit it meets.
 */
export function courseRoomIssue(
  size: CourseSize,
  adding: CourseSize,
  kind: "deck" | "import",
): { key: string; params: Record<string, number> } | null {
  const { decksFit, cardsFit } = courseRoom(size);
  if (adding.decks <= decksFit && adding.cards <= cardsFit) return null;
  const params = { decks: adding.decks, cards: adding.cards, decksFit, cardsFit };
  if (kind === "import") return { key: "validation.course_import_too_large", params };
  return { key: adding.decks > decksFit ? "validation.course_decks_full" : "validation.course_cards_full", params };
}
