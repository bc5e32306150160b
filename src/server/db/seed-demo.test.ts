import { DECK_MAX_CARDS, DECK_MIN_CARDS } from "@shared/limits";
import { count, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../test/test-app";
import { courses, decks, flashcards } from "./schema";
import { DEMO_OWNER, seedDemo } from "./seed-demo";

const { database } = await setupTestApp();
const { db } = database;

describe("demo content", () => {
  it("loads once, and a second start changes nothing", async () => {
    expect(await seedDemo(db)).toBe(true);
    const before = await db.select({ n: count() }).from(courses).where(eq(courses.userId, DEMO_OWNER.id));
    expect(await seedDemo(db)).toBe(false);
    const after = await db.select({ n: count() }).from(courses).where(eq(courses.userId, DEMO_OWNER.id));
    expect(after).toEqual(before);
  });

  it("states each side's language: Japanese where the cards are written in Japanese (decision 0052)", async () => {
    const demo = await db.select().from(courses).where(eq(courses.userId, DEMO_OWNER.id));
    const sides = Object.fromEntries(demo.map((c) => [c.name, [c.questionLanguage, c.answerLanguage]]));
    expect(sides).toMatchObject({
      "World Capitals": ["en", "en"],
      "Hiragana in Four Decks": ["ja", "ja-Latn"],
      "Basic Japanese Vocabulary": ["ja", "en"],
      はじめての英単語: ["ja", "en"],
      都道府県と県庁所在地: ["ja", "ja"],
      "漢字の読み：数と曜日": ["ja", "ja"],
    });
  });

  it("holds at least six courses in English and Japanese, each with 2 to 4 decks of 4 to 50 cards", async () => {
    const demo = await db.select().from(courses).where(eq(courses.userId, DEMO_OWNER.id));
    expect(demo.length).toBeGreaterThanOrEqual(6);
    expect(demo.some((c) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(c.name))).toBe(true);
    expect(demo.some((c) => /^[\x20-\x7e]+$/.test(c.name))).toBe(true);

    const deckRows = await db
      .select({ id: decks.id, courseId: decks.courseId, cards: count(flashcards.id) })
      .from(decks)
      .leftJoin(flashcards, eq(flashcards.deckId, decks.id))
      .where(
        inArray(
          decks.courseId,
          demo.map((c) => c.id),
        ),
      )
      .groupBy(decks.id);
    for (const course of demo) {
      const own = deckRows.filter((d) => d.courseId === course.id);
      expect(own.length, course.name).toBeGreaterThanOrEqual(2);
      expect(own.length, course.name).toBeLessThanOrEqual(4);
      for (const deck of own) {
        expect(deck.cards).toBeGreaterThanOrEqual(DECK_MIN_CARDS);
        expect(deck.cards).toBeLessThanOrEqual(DECK_MAX_CARDS);
      }
    }
  });

  it("follows some demo courses so that 'most followed' has a clear order", async () => {
    // The API's global top three is checked in the browser tests, on a server of its own: here
    // other test files share the database.
    const ranked = await db
      .select({ name: courses.name, follows: courses.followCount })
      .from(courses)
      .where(eq(courses.userId, DEMO_OWNER.id))
      .orderBy(desc(courses.followCount))
      .limit(3);
    expect(ranked).toEqual([
      { name: "World Capitals", follows: 3 },
      { name: "Hiragana in Four Decks", follows: 2 },
      { name: "Basic Japanese Vocabulary", follows: 1 },
    ]);
  });
});
