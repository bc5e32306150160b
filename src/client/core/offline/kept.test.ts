/** Kept courses and recent decks on fake-indexeddb (the IndexedDB standard in memory). */
import "fake-indexeddb/auto";
import { PRACTICE_MAX_CARDS } from "@shared/limits";
import type { CourseDetail } from "@shared/schemas/course";
import type { DeckDetail } from "@shared/schemas/deck";
import { describe, expect, it } from "vitest";
import {
  dropFromQueues,
  isKept,
  keepCourse,
  keptCourse,
  keptCourseCards,
  keptSummary,
  practiceCardsOf,
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
    questionLanguage: "ja",
    answerLanguage: "en",
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

describe("a kept course's cards to practise (#23 item 4)", () => {
  it("come from its kept decks in deck order; a course not kept has none", async () => {
    const db = newDb();
    const levelled = (id: number, level: number) => ({
      ...deck(id, 8),
      level,
      flashcards: [
        { id: id * 10 + 1, question: `q${id}b`, answer: `a${id}b`, duration: 3 },
        { id: id * 10, question: `q${id}a`, answer: `a${id}a`, duration: 3 },
      ],
    });
    await keepCourse(course(8, [82, 81]), async (id) => levelled(id, id === 81 ? 1 : 2), db);
    // A recent deck of a course that is not kept is not the course.
    await saveRecentDeck(deck(91, 9), db);
    expect(await keptCourseCards(8, db)).toEqual({
      courseId: 8,
      courseName: "Course 8",
      questionLanguage: "ja",
      answerLanguage: "en",
      total: 4,
      cards: [
        { id: 810, deckId: 81, question: "q81a", answer: "a81a" },
        { id: 811, deckId: 81, question: "q81b", answer: "a81b" },
        { id: 820, deckId: 82, question: "q82a", answer: "a82a" },
        { id: 821, deckId: 82, question: "q82b", answer: "a82b" },
      ],
    });
    expect(await keptCourseCards(9, db)).toBeUndefined();
  });

  it(`are ${PRACTICE_MAX_CARDS} of a bigger course's, chosen at random and kept in deck order`, () => {
    const decks = Array.from({ length: 11 }, (_, d) => ({
      ...deck(d + 1, 10),
      level: d + 1,
      flashcards: Array.from({ length: 50 }, (_, c) => ({
        id: (d + 1) * 100 + c,
        question: "q",
        answer: "a",
        duration: 3,
      })),
    }));
    const { total, cards } = practiceCardsOf(decks);
    expect(total).toBe(550);
    expect(cards).toHaveLength(PRACTICE_MAX_CARDS);
    expect(new Set(cards.map((card) => card.id)).size).toBe(PRACTICE_MAX_CARDS);
    const ids = cards.map((card) => card.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
