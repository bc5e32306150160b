/**
 * Which of a deck's cards its author sees as the hardest (decision 0045): a pure ranking of the
 * per-card figures the service reads, so the rule is tested on its own.
 */
import { AUTHOR_STATS_MIN_LEARNERS, HARD_CARDS_SHOWN } from "@shared/memory/limits";
import type { DeckHardCards, HardCard } from "@shared/schemas/stats";

export interface CardFigures {
  cardId: number;
  question: string;
  answer: string;
  learners: number;
  forgotBy: number;
  lapses: number;
}

/**
 * Cards answered by fewer than the floor's learners are left out (counted, not shown); of the rest,
 * those someone forgot, by the share of learners who forgot them, then by lapses per learner, then
 * in the deck's order.
 */
export function rankHardCards(
  figures: CardFigures[],
  { minLearners = AUTHOR_STATS_MIN_LEARNERS, shown = HARD_CARDS_SHOWN } = {},
): DeckHardCards {
  const measured = figures.filter((card) => card.learners >= minLearners);
  const belowFloor = figures.filter((card) => card.learners > 0 && card.learners < minLearners).length;
  const cards: HardCard[] = measured
    .filter((card) => card.forgotBy > 0)
    .map((card) => ({ ...card, share: card.forgotBy / card.learners }))
    .sort(
      (a, b) =>
        b.share - a.share ||
        b.lapses / b.learners - a.lapses / a.learners ||
        // The deck's order: cards are numbered as they were made.
        a.cardId - b.cardId,
    )
    .slice(0, shown);
  return { minLearners, measured: measured.length, belowFloor, cards };
}
