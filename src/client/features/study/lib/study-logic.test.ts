import { describe, expect, it } from "vitest";
import { assign, matchResults } from "./matching";
import { answerOptions } from "./options";
import { shuffle } from "./shuffle";
import { overlaps, pairsPerRound, placeInCells, splitIntoRounds } from "./tiles";

/** A repeatable random source, so failures can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe("shuffle", () => {
  it("keeps every item exactly once and leaves the input alone", () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    for (let seed = 1; seed < 20; seed++) {
      const shuffled = shuffle(items, seeded(seed));
      expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    }
    expect(items[0]).toBe(0);
  });

  it("does change the order", () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(shuffle(items, seeded(7))).not.toEqual(items);
  });
});

describe("answerOptions", () => {
  const answers = ["Paris", "Berlin", "Rome", "Madrid", "Lisbon", " Paris "];

  it("offers the answer and three distinct others", () => {
    for (let seed = 1; seed < 30; seed++) {
      const options = answerOptions("Paris", answers, seeded(seed));
      expect(options).toHaveLength(4);
      expect(options.filter((o) => o.trim() === "Paris")).toEqual(["Paris"]);
      expect(new Set(options.map((o) => o.trim())).size).toBe(4);
    }
  });

  it("offers fewer when the deck has fewer distinct answers", () => {
    expect(
      answerOptions("yes", ["yes", "no", " no", "yes"], seeded(3))
        .map((o) => o.trim())
        .sort(),
    ).toEqual(["no", "yes"]);
    expect(answerOptions("only", ["only", "only "], seeded(3))).toEqual(["only"]);
  });

  it("puts the right answer in every position over many questions", () => {
    const positions = new Set<number>();
    const random = seeded(11);
    for (let i = 0; i < 100; i++) positions.add(answerOptions("Paris", answers, random).indexOf("Paris"));
    expect([...positions].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe("matching", () => {
  it("moves a number from the answer that held it", () => {
    let assignments = assign(new Map(), 0, 2);
    assignments = assign(assignments, 1, 2);
    expect(assignments.get(0)).toBeNull();
    expect(assignments.get(1)).toBe(2);
  });

  it("scores correct, unanswered and wrong questions", () => {
    // answers[0] belongs to question 1, answers[1] to 2, answers[2] to 3.
    const answers = ["one", "two", "three"];
    const owner = [1, 2, 3];
    let assignments = assign(new Map(), 0, 1);
    assignments = assign(assignments, 2, 2);
    expect(matchResults(3, answers, owner, assignments)).toEqual([
      { kind: "correct" },
      { kind: "wrong", chosenAnswer: "three" },
      { kind: "unanswered" },
    ]);
  });
});

describe("tile rounds (#14 item 2)", () => {
  it("place every tile of a round in a cell of its own: inside the board, never overlapping", () => {
    for (const grid of [
      { columns: 3, rows: 7 },
      { columns: 6, rows: 8 },
    ]) {
      for (let seed = 1; seed < 30; seed++) {
        const count = pairsPerRound(grid) * 2;
        const boxes = placeInCells(count, grid, seeded(seed));
        expect(boxes).toHaveLength(count);
        for (const [i, box] of boxes.entries()) {
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(100);
          expect(box.y + box.height).toBeLessThanOrEqual(100);
          for (const other of boxes.slice(i + 1)) expect(overlaps(box, other)).toBe(false);
        }
      }
    }
  });

  it("split a deck into even rounds of at most the round's size", () => {
    const cards = Array.from({ length: 50 }, (_, i) => i);
    const rounds = splitIntoRounds(cards, pairsPerRound({ columns: 3, rows: 7 }));
    expect(pairsPerRound({ columns: 3, rows: 7 })).toBe(6);
    expect(rounds.flat()).toEqual(cards);
    expect(Math.max(...rounds.map((round) => round.length))).toBeLessThanOrEqual(6);
    expect(rounds.map((round) => round.length)).toEqual([6, 6, 6, 6, 6, 5, 5, 5, 5]);
    expect(splitIntoRounds(cards.slice(0, 4), 6)).toEqual([[0, 1, 2, 3]]);
  });
});
