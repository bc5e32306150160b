import { describe, expect, it } from "vitest";
import { assign, matchResults } from "./matching";
import { answerOptions } from "./options";
import { shuffle } from "./shuffle";
import { freePlace, overlaps, pairsPerRound, placeInCells, rowsFor, splitIntoRounds } from "./tiles";

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

  it("never leaves one number on two answers, whatever the order of choices (issue #24)", () => {
    for (let seed = 1; seed < 40; seed++) {
      const random = seeded(seed);
      let assignments: ReturnType<typeof assign> = new Map();
      for (let step = 0; step < 30; step++) {
        const number = random() < 0.2 ? null : 1 + Math.floor(random() * 5);
        assignments = assign(assignments, Math.floor(random() * 5), number);
        const numbers = [...assignments.values()].filter((n) => n !== null);
        expect(new Set(numbers).size).toBe(numbers.length);
      }
    }
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

describe("tile board (issue #24)", () => {
  const tile = (x: number, y: number) => ({ x, y, width: 20, height: 20 });

  it("gives a small deck a small board: only the rows its biggest round needs", () => {
    expect(rowsFor(4, 7, 8)).toBe(2); // 8 tiles: 14 cells wanted, two rows of 7
    expect(rowsFor(4, 3, 8)).toBe(5);
    expect(rowsFor(50, 3, 7)).toBe(7); // never more than the window holds
    expect(rowsFor(1, 10, 8)).toBe(2);
  });

  it("sends a tile dropped on another back to where it was picked up", () => {
    const others = [tile(50, 50), tile(0, 50)];
    const grid = { columns: 5, rows: 5 };
    expect(freePlace(tile(55, 55), tile(0, 0), others, grid)).toEqual(tile(0, 0));
    // Dropped where nothing is: it stays.
    const alone = tile(25, 0);
    expect(freePlace(alone, tile(0, 0), others, grid)).toBe(alone);
  });

  it("finds a free cell when its old place is taken, and never lands on a tile", () => {
    for (let seed = 1; seed < 30; seed++) {
      const grid = { columns: 4, rows: 4 };
      const boxes = placeInCells(9, grid, seeded(seed));
      const [dropped, ...others] = boxes as [(typeof boxes)[number], ...typeof boxes];
      const onTop = { ...dropped, x: others[0]?.x ?? 0, y: others[0]?.y ?? 0 };
      // Its old place taken meanwhile: the origin is one of the others.
      const place = freePlace(onTop, others[1] ?? dropped, others, grid);
      for (const other of others) expect(overlaps(place, other)).toBe(false);
      expect(place.x + place.width).toBeLessThanOrEqual(100);
      expect(place.y + place.height).toBeLessThanOrEqual(100);
    }
  });
});
