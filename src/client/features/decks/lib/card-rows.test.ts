import { describe, expect, it } from "vitest";
import {
  type CardRow,
  deckChanges,
  deckEditIssuePath,
  fitPastedCards,
  parsePastedCards,
  rowsFromCards,
} from "./card-rows";
import { clearDraft, draftKey, readDraft, rowsFromDraft, writeDraft } from "./deck-draft";
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

describe("deckEditIssuePath", () => {
  // Rows as shown: saved card 3, a new card, saved card 1 (card 2 deleted), another new card.
  const rows: CardRow[] = [
    { key: "3", savedId: 3, question: "Q3", answer: "", duration: 3 },
    { key: "n1", question: "N1", answer: "", duration: 5 },
    { key: "1", savedId: 1, question: "Q1", answer: "A1 new", duration: 3 },
    { key: "n2", question: "", answer: "B", duration: 5 },
  ];
  const sent = deckChanges(cards, rows);
  const map = deckEditIssuePath(rows, sent);

  it("names the row of a changed card by its id, not by its place in the request", () => {
    expect(sent.changed.map((card) => card.id)).toEqual([3, 1]);
    expect(map(["changed", 1, "answer"])).toBe("cards.2.answer");
    expect(map(["changed", 0, "answer"])).toBe("cards.0.answer");
  });

  it("names the n-th new row for an added card", () => {
    expect(map(["added", 0, "answer"])).toBe("cards.1.answer");
    expect(map(["added", 1, "question"])).toBe("cards.3.question");
  });

  it("tells a card deleted meanwhile at its row's question", () => {
    expect(map(["changed", 1, "id"])).toBe("cards.2.question");
  });

  it("keeps the deck's own fields, and leaves deleted cards and unknown rows to the form", () => {
    expect(map(["name"])).toBe("name");
    expect(map([])).toBeNull();
    expect(map(["deleted", 0])).toBeNull();
    expect(map(["changed", 9, "answer"])).toBeNull();
    expect(map(["added", 5, "answer"])).toBeNull();
  });
});

describe("deck drafts", () => {
  it("are kept per user and per deck, or per course for a new deck", () => {
    expect(draftKey("u1", { kind: "create", courseId: 7 })).toBe("deckDraft:u1:course-7");
    expect(draftKey("u1", { kind: "edit", deckId: 7 })).toBe("deckDraft:u1:deck-7");
    expect(draftKey("u2", { kind: "edit", deckId: 7 })).not.toBe(draftKey("u1", { kind: "edit", deckId: 7 }));
  });

  it("bring a card deleted elsewhere back as a new card rather than dropping its text", () => {
    const restored = rowsFromDraft(
      {
        savedAt: "2026-11-22T17:00:00.000Z",
        name: "n",
        description: "d",
        bulkDuration: 3,
        cards: [
          { savedId: 1, question: "kept", answer: "a", duration: 3 },
          { savedId: 99, question: "gone elsewhere", answer: "b", duration: 4 },
          { question: "new", answer: "c", duration: 5 },
        ],
      },
      new Set([1, 2, 3]),
    );
    expect(restored.map((row) => [row.savedId, row.question, row.duration])).toEqual([
      [1, "kept", 3],
      [undefined, "gone elsewhere", 4],
      [undefined, "new", 5],
    ]);
  });
});

/** The Web Storage interface over a Map (unit tests run in Node, which has no localStorage). */
function memoryStorage(refuseWrites = false): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (refuseWrites) throw new DOMException("full", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe("deck drafts in storage", () => {
  const draft = { savedAt: "2026-11-22T17:00:00.000Z", name: "n", description: "d", bulkDuration: 3, cards: [] };

  it("are read back as written, and gone once cleared", () => {
    const storage = memoryStorage();
    writeDraft(storage, "k", draft);
    expect(readDraft(storage, "k")).toEqual(draft);
    clearDraft(storage, "k");
    expect(readDraft(storage, "k")).toBeNull();
  });

  it("read as none when broken or of another shape", () => {
    const storage = memoryStorage();
    storage.setItem("broken", "{not json");
    storage.setItem("other", JSON.stringify({ name: 3 }));
    expect(readDraft(storage, "broken")).toBeNull();
    expect(readDraft(storage, "other")).toBeNull();
  });

  it("are skipped, not thrown, when the storage refuses them", () => {
    expect(() => writeDraft(memoryStorage(true), "k", draft)).not.toThrow();
  });
});

describe("fitPastedCards", () => {
  const sixty = Array.from({ length: 60 }, (_, i) => i);
  it("takes only what fits up to the deck's limit and names the rest", () => {
    expect(fitPastedCards(0, sixty, 50)).toEqual({ added: sixty.slice(0, 50), leftOut: sixty.slice(50) });
    expect(fitPastedCards(45, [1, 2, 3, 4, 5, 6], 50)).toEqual({ added: [1, 2, 3, 4, 5], leftOut: [6] });
  });

  it("adds nothing to a full deck and everything when there is room", () => {
    expect(fitPastedCards(50, [1], 50)).toEqual({ added: [], leftOut: [1] });
    expect(fitPastedCards(4, [1, 2], 50)).toEqual({ added: [1, 2], leftOut: [] });
  });
});
