import { AUTHOR_STATS_MIN_LEARNERS } from "@shared/memory/limits";
import { describe, expect, it } from "vitest";
import { type CardFigures, rankHardCards } from "./hard-cards";

const card = (cardId: number, learners: number, forgotBy: number, lapses = forgotBy): CardFigures => ({
  cardId,
  question: `Q${cardId}`,
  answer: `A${cardId}`,
  learners,
  forgotBy,
  lapses,
});

describe("rankHardCards", () => {
  it("measures only cards answered by the floor's learners, and counts the others", () => {
    const floor = AUTHOR_STATS_MIN_LEARNERS;
    const ranked = rankHardCards([card(1, floor - 1, floor - 1), card(2, floor, 1), card(3, 0, 0), card(4, 1, 0)]);
    expect(ranked.minLearners).toBe(floor);
    expect(ranked.measured).toBe(1);
    expect(ranked.belowFloor).toBe(2);
    expect(ranked.cards.map((c) => c.cardId)).toEqual([2]);
    expect(ranked.cards[0]?.share).toBeCloseTo(1 / floor);
  });

  it("orders by the share of learners who forgot, then lapses per learner, then the deck's order", () => {
    const ranked = rankHardCards([
      card(10, 10, 2, 2), // 20 %, 0.2 a learner
      card(11, 5, 3, 3), // 60 %
      card(12, 10, 2, 9), // 20 %, 0.9 a learner
      card(13, 20, 4, 4), // 20 %, 0.2 a learner: after card 10
      card(14, 8, 0, 0), // nobody forgot it: not a hard card
    ]);
    expect(ranked.cards.map((c) => c.cardId)).toEqual([11, 12, 10, 13]);
    expect(ranked.measured).toBe(5);
  });

  it("shows at most the given number of cards", () => {
    const many = Array.from({ length: 30 }, (_, i) => card(i + 1, 6, 1 + (i % 6)));
    const ranked = rankHardCards(many, { shown: 10 });
    expect(ranked.cards).toHaveLength(10);
    // Five cards every learner forgot, then five of the cards five of six forgot, in the deck's order.
    expect(ranked.cards.map((c) => c.cardId)).toEqual([6, 12, 18, 24, 30, 5, 11, 17, 23, 29]);
  });
});
