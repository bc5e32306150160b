import { describe, expect, it } from "vitest";
import { type CardRow, deckChanges, parsePastedCards, rowsFromCards } from "./card-rows";
import { positionToSeconds, SLIDER_STEPS, secondsToPosition } from "./duration-scale";

function at(rows: CardRow[], index: number): CardRow {
  const row = rows[index];
  if (!row) throw new Error(`no row ${index}`);
  return row;
}

const cards = [
  { id: 1, question: "Q1", answer: "A1", duration: 3 },
  { id: 2, question: "Q2", answer: "A2", duration: 3 },
  { id: 3, question: "Q3", answer: "A3", duration: 3 },
];

describe("deckChanges", () => {
  it("sends nothing for an untouched deck", () => {
    expect(deckChanges(cards, rowsFromCards(cards))).toEqual({ changed: [], added: [], deleted: [] });
  });

  it("sends only changed, new and removed cards", () => {
    const rows = rowsFromCards(cards).filter((row) => row.savedId !== 2);
    rows[0] = { ...at(rows, 0), answer: " A1 new " };
    rows.push({ key: "tmp", question: "Q4", answer: "A4", duration: 5 });
    expect(deckChanges(cards, rows)).toEqual({
      changed: [{ id: 1, question: "Q1", answer: " A1 new ", duration: 3 }],
      added: [{ question: "Q4", answer: "A4", duration: 5 }],
      deleted: [2],
    });
  });

  it("treats a duration change as a change, and surrounding spaces as none", () => {
    const rows = rowsFromCards(cards);
    rows[1] = { ...at(rows, 1), duration: 10 };
    rows[2] = { ...at(rows, 2), question: " Q3 " };
    expect(deckChanges(cards, rows).changed.map((c) => c.id)).toEqual([2]);
  });
});

describe("parsePastedCards", () => {
  it("reads one question<TAB>answer per line", () => {
    expect(parsePastedCards("犬\tdog\r\n猫\tcat\n\n")).toEqual([
      { question: "犬", answer: "dog" },
      { question: "猫", answer: "cat" },
    ]);
  });

  it("skips lines without a tab and keeps extra columns in the answer", () => {
    expect(parsePastedCards("heading only\nQ\tA\textra")).toEqual([{ question: "Q", answer: "A extra" }]);
  });
});

describe("the logarithmic duration scale", () => {
  it("spans 0.5 to 30 seconds", () => {
    expect(positionToSeconds(0)).toBe(0.5);
    expect(positionToSeconds(SLIDER_STEPS)).toBe(30);
  });

  it("round-trips the marks closely", () => {
    for (const seconds of [0.5, 1, 2, 3, 5, 10, 20, 30]) {
      expect(Math.abs(positionToSeconds(secondsToPosition(seconds)) - seconds) / seconds).toBeLessThan(0.05);
    }
  });

  it("moves to the next distinct value on every step, up and down, and back to where it was", () => {
    for (let p = 0; p < SLIDER_STEPS; p++) {
      expect(positionToSeconds(p + 1)).toBeGreaterThan(positionToSeconds(p));
      // What the slider shows maps back to the same position, so the next key press moves on.
      expect(secondsToPosition(positionToSeconds(p))).toBe(p);
      expect(secondsToPosition(positionToSeconds(p + 1)) - 1).toBe(p);
    }
    // The values the issue found stuck: 0.5 → 0.6 and 1.6 → 1.7 going up, 0.6 → 0.5 going down.
    expect(positionToSeconds(secondsToPosition(0.5) + 1)).toBe(0.6);
    expect(positionToSeconds(secondsToPosition(0.6) - 1)).toBe(0.5);
    expect(positionToSeconds(secondsToPosition(1.6) + 1)).toBeGreaterThan(1.6);
  });
});
