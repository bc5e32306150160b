import { describe, expect, it } from "vitest";
import { newRound, summarise } from "./practice-round";

const cards = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, question: `q${i + 1}`, answer: `a${i + 1}` }));

describe("a practice round", () => {
  it("holds every card once, in a new order", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const round = newRound(cards, random);
    expect([...round].sort((a, b) => a.id - b.id)).toEqual(cards);
    expect(round.map((card) => card.id)).not.toEqual(cards.map((card) => card.id));
  });

  it("counts what was known and lists what was missed in the order shown", () => {
    const round = [cards[3], cards[0], cards[5], cards[1]].filter((card) => card !== undefined);
    const results = new Map([
      [4, false],
      [1, true],
      [6, false],
    ]);
    expect(summarise(round, results)).toEqual({ answered: 3, known: 1, missed: [cards[3], cards[5]], left: 1 });
  });

  it("says nothing was answered in a round ended at once", () => {
    expect(summarise(cards, new Map())).toEqual({ answered: 0, known: 0, missed: [], left: 6 });
  });
});
