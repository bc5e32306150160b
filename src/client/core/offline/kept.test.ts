/** Kept courses and recent decks on fake-indexeddb (the IndexedDB standard in memory). */
import "fake-indexeddb/auto";
import type { CourseDetail } from "@shared/schemas/course";
import type { DeckDetail } from "@shared/schemas/deck";
import { describe, expect, it } from "vitest";
import {
  dropFromQueues,
  isKept,
  keepCourse,
  keptCourse,
  keptSummary,
  refreshKeptCourse,
  removeCourse,
  savedDeck,
  saveQueue,
  saveRecentDeck,
  storedQueue,
} from "./kept";
import { RECENT_DECKS_MAX } from "./offline-db";

const newDb = () => `kept-test-${crypto.randomUUID()}`;

function deck(id: number, courseId: number): DeckDetail {
  return {
    id,
    courseId,
    courseName: `Course ${courseId}`,
    ownerId: "o",
    name: `Deck ${id}`,
    description: "d",
    level: 1,
    flashcards: [{ id: id * 10, question: "q", answer: "a", duration: 5 }],
  } as DeckDetail;
}

function course(id: number, deckIds: number[]): CourseDetail {
  return {
    id,
    name: `Course ${id}`,
    description: "",
    ownerId: "o",
    createdAt: new Date().toISOString(),
    tags: [],
    decks: deckIds.map((deckId, i) => ({ id: deckId, name: `Deck ${deckId}`, level: i + 1, description: "" })),
    viewer: null,
  };
}

describe("kept courses", () => {
  it("keeps a course with every deck, reports its size, and removes it whole", async () => {
    const db = newDb();
    await keepCourse(course(1, [11, 12]), async (id) => deck(id, 1), db);
    expect(await isKept(1, db)).toBe(true);
    expect((await keptCourse(1, db))?.name).toBe("Course 1");
    expect((await savedDeck(12, db))?.name).toBe("Deck 12");
    const summary = await keptSummary(db);
    expect(summary.courses).toHaveLength(1);
    expect(summary.courses[0]?.decks).toBe(2);
    expect(summary.totalBytes).toBeGreaterThan(0);
    expect(summary.totalBytes).toBe(summary.courses[0]?.bytes);

    await removeCourse(1, db);
    expect(await isKept(1, db)).toBe(false);
    expect(await savedDeck(11, db)).toBeUndefined();
    expect((await keptSummary(db)).totalBytes).toBe(0);
  });

  it("keeps nothing when a deck cannot be fetched", async () => {
    const db = newDb();
    await expect(
      keepCourse(
        course(2, [21, 22]),
        async (id) => {
          if (id === 22) throw new Error("offline");
          return deck(id, 2);
        },
        db,
      ),
    ).rejects.toThrow("offline");
    expect(await isKept(2, db)).toBe(false);
    expect(await savedDeck(21, db)).toBeUndefined();
  });

  it("refreshes a kept copy read online, and leaves courses that are not kept alone", async () => {
    const db = newDb();
    await keepCourse(course(3, []), async (id) => deck(id, 3), db);
    await refreshKeptCourse({ ...course(3, []), name: "Renamed" }, db);
    await refreshKeptCourse(course(4, []), db);
    expect((await keptCourse(3, db))?.name).toBe("Renamed");
    expect(await keptCourse(4, db)).toBeUndefined();
  });
});

describe("recent decks", () => {
  it("keeps the newest RECENT_DECKS_MAX outside kept courses, and every deck of a kept course", async () => {
    const db = newDb();
    await keepCourse(course(5, [51]), async (id) => deck(id, 5), db);
    for (let i = 0; i < RECENT_DECKS_MAX + 3; i++) {
      await saveRecentDeck(deck(100 + i, 6), db);
      // Distinct times, so "newest" is well defined.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await saveRecentDeck(deck(51, 5), db);
    const summary = await keptSummary(db);
    expect(summary.recentDecks).toHaveLength(RECENT_DECKS_MAX);
    expect(summary.recentDecks[0]?.deck.id).toBe(100 + RECENT_DECKS_MAX + 2);
    expect(await savedDeck(100, db)).toBeUndefined();
    expect(await savedDeck(51, db)).toBeDefined();
  });
});

describe("stored review queues", () => {
  it("lose a card once it is answered, in every scope, and go with their course", async () => {
    const db = newDb();
    const queue = { cards: [{ cardId: 1 }, { cardId: 2 }], nextDueAt: null };
    await keepCourse(course(7, []), async (id) => deck(id, 7), db);
    await saveQueue("7", queue, db);
    await saveQueue("all", { ...queue, cards: [...queue.cards, { cardId: 3 }] }, db);
    await dropFromQueues(2, db);
    expect((await storedQueue("7", db))?.cards).toEqual([{ cardId: 1 }]);
    expect((await storedQueue("all", db))?.cards).toEqual([{ cardId: 1 }, { cardId: 3 }]);
    await removeCourse(7, db);
    expect(await storedQueue("7", db)).toBeUndefined();
    expect(await storedQueue("all", db)).toBeDefined();
  });
});
