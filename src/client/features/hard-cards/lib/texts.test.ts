import { AUTHOR_STATS_MIN_LEARNERS, LEECH_LAPSES } from "@shared/memory/limits";
import type { DeckHardCards, HardCard, Leech } from "@shared/schemas/stats";
import { describe, expect, it } from "vitest";
import { hardCardsNotes, leechesSummary } from "./texts";

const leech = (cardId: number): Leech => ({
  cardId,
  question: "Q",
  answer: "A",
  courseId: 1,
  courseName: "C",
  questionLanguage: "ja",
  answerLanguage: "en",
  deckId: 1,
  deckName: "D",
  lapses: LEECH_LAPSES,
});
const hard: HardCard = { cardId: 1, question: "Q", answer: "A", learners: 5, forgotBy: 2, share: 0.4, lapses: 3 };
const deck = (figures: Partial<DeckHardCards>): DeckHardCards => ({
  minLearners: AUTHOR_STATS_MIN_LEARNERS,
  measured: 0,
  belowFloor: 0,
  cards: [],
  ...figures,
});

describe("leechesSummary", () => {
  it("says there are none, naming the threshold", () => {
    expect(leechesSummary({ total: 0, cards: [] })).toEqual({
      key: "hard_cards.leeches_none",
      values: { lapses: LEECH_LAPSES },
    });
  });

  it("counts them all when all are shown, and says which part is shown otherwise", () => {
    expect(leechesSummary({ total: 2, cards: [leech(1), leech(2)] })).toEqual({
      key: "hard_cards.leeches_count",
      values: { count: 2 },
    });
    expect(leechesSummary({ total: 73, cards: [leech(1), leech(2)] })).toEqual({
      key: "hard_cards.leeches_some",
      values: { shown: 2, total: 73 },
    });
  });
});

describe("hardCardsNotes", () => {
  const min = AUTHOR_STATS_MIN_LEARNERS;

  it("explains the floor while no card has reached it", () => {
    expect(hardCardsNotes(deck({ belowFloor: 3 }))).toEqual([{ key: "hard_cards.author_floor", values: { min } }]);
    expect(hardCardsNotes(deck({}))).toEqual([{ key: "hard_cards.author_floor", values: { min } }]);
  });

  it("says when no measured card was forgotten, and how many cards wait for learners", () => {
    expect(hardCardsNotes(deck({ measured: 4, belowFloor: 1 }))).toEqual([
      { key: "hard_cards.author_none_forgotten" },
      { key: "hard_cards.author_below_floor", values: { count: 1, min } },
    ]);
    expect(hardCardsNotes(deck({ measured: 4, cards: [hard] }))).toEqual([]);
    expect(hardCardsNotes(deck({ measured: 4, belowFloor: 2, cards: [hard] }))).toEqual([
      { key: "hard_cards.author_below_floor", values: { count: 2, min } },
    ]);
  });
});
