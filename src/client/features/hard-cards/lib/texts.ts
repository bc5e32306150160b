/**
 * What the hard-card lists say around their rows, as keys and values (the components translate
 * them): pure, so each state is tested without a page.
 */
import { LEECH_LAPSES } from "@shared/memory/limits";
import type { DeckHardCards, Leeches } from "@shared/schemas/stats";

export interface Text {
  key: string;
  values?: Record<string, string | number>;
}

/** The line under the leeches' heading: none, all of them, or the first ones of how many. */
export function leechesSummary({ total, cards }: Leeches): Text {
  if (total === 0) return { key: "hard_cards.leeches_none", values: { lapses: LEECH_LAPSES } };
  if (cards.length < total) return { key: "hard_cards.leeches_some", values: { shown: cards.length, total } };
  return { key: "hard_cards.leeches_count", values: { count: total } };
}

/**
 * The author's lines: why the table is empty (no card has reached the floor, or none measured was
 * forgotten), and how many cards wait for more learners.
 */
export function hardCardsNotes({ minLearners, measured, belowFloor, cards }: DeckHardCards): Text[] {
  const notes: Text[] = [];
  if (measured === 0) notes.push({ key: "hard_cards.author_floor", values: { min: minLearners } });
  else if (cards.length === 0) notes.push({ key: "hard_cards.author_none_forgotten" });
  if (belowFloor > 0 && measured > 0) {
    notes.push({ key: "hard_cards.author_below_floor", values: { count: belowFloor, min: minLearners } });
  }
  return notes;
}
