/**
 * GET /api/courses/:courseId/cards (issue #23 item 4): a course's cards to practise, for anyone
 * who can see the course; every card in deck order, or PRACTICE_MAX_CARDS of them at random.
 */
import { queryRows } from "@server/db/client";
import { createCourse, createUser } from "@server/test/factories";
import { signedInClient, TestClient } from "@server/test/http-client";
import { expectIndexed, explainReads, rolledBack } from "@server/test/query-plans";
import { setupTestApp } from "@server/test/test-app";
import { PRACTICE_MAX_CARDS } from "@shared/limits";
import type { CoursePracticeCards } from "@shared/schemas/course";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDeckDetail } from "../decks/decks.service";
import { COURSE_PRACTICE_CARDS } from "./courses.service";

const { app, database } = await setupTestApp();
const { db } = database;

async function cardsOf(client: TestClient, courseId: number | string) {
  const res = await client.get(`/api/courses/${courseId}/cards`);
  return { status: res.status, body: (await res.json()) as CoursePracticeCards };
}

describe("GET /api/courses/:courseId/cards", () => {
  it("gives a visitor and a signed-in learner every card of the course, in deck order", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { name: "Kana", decks: 3, cardsPerDeck: 4 });
    const decks = await Promise.all(course.decks.map((deck) => getDeckDetail(db, deck.id)));
    const expected = decks.flatMap((deck) =>
      deck.flashcards.map((card) => ({ id: card.id, deckId: deck.id, question: card.question, answer: card.answer })),
    );

    const visitor = await cardsOf(new TestClient(app), course.id);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({
      courseId: course.id,
      courseName: "Kana",
      questionLanguage: "en",
      answerLanguage: "en",
      total: 12,
      cards: expected,
    });
    // The same for a learner who neither owns nor follows the course: the cards are public.
    const { client } = await signedInClient(app, db);
    expect((await cardsOf(client, course.id)).body).toEqual(visitor.body);
  });

  it("answers a course without cards with none, an unknown course with 404 and a malformed id with 400", async () => {
    const empty = await createCourse(db);
    expect((await cardsOf(new TestClient(app), empty.id)).body).toMatchObject({ total: 0, cards: [] });
    const missing = await new TestClient(app).get("/api/courses/2147483647/cards");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found");
    const malformed = await new TestClient(app).get("/api/courses/abc/cards");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe("invalid_request");
  });

  it(`caps a round at ${PRACTICE_MAX_CARDS} cards, chosen at random, and says how many the course holds`, async () => {
    const course = await createCourse(db, undefined, { decks: 11, cardsPerDeck: 50 });
    const deckLevel = new Map(course.decks.map((deck) => [deck.id, deck.level]));
    const first = (await cardsOf(new TestClient(app), course.id)).body;
    expect(first.total).toBe(550);
    expect(first.cards).toHaveLength(PRACTICE_MAX_CARDS);
    expect(new Set(first.cards.map((card) => card.id)).size).toBe(PRACTICE_MAX_CARDS);
    expect(first.cards.every((card) => deckLevel.has(card.deckId))).toBe(true);
    // Still in deck order, then card order.
    const order = first.cards.map((card) => [deckLevel.get(card.deckId) ?? 0, card.id] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    // Another round, another choice (the chance of the same 500 of 550 twice is nil).
    const second = (await cardsOf(new TestClient(app), course.id)).body;
    expect(second.cards.map((card) => card.id)).not.toEqual(first.cards.map((card) => card.id));
  });

  it("is one statement through the course's decks and each deck's cards (query plan)", async () => {
    const owner = await createUser(db);
    const reads = await rolledBack(db, async (tx) => {
      // 2,000 courses of 2 decks of 5 cards, so the planner has real statistics.
      await tx.execute(sql`
        insert into courses (user_id, name) select ${owner.id}, 'Plan ' || g from generate_series(1, 2000) g`);
      await tx.execute(sql`
        insert into decks (course_id, user_id, name, level)
        select c.id, ${owner.id}, 'Deck', l from courses c, generate_series(1, 2) l where c.user_id = ${owner.id}`);
      await tx.execute(sql`
        insert into flashcards (deck_id, question, correct_answer, duration)
        select d.id, 'Q' || g, 'A' || g, 3 from decks d, generate_series(1, 5) g where d.user_id = ${owner.id}`);
      for (const table of ["courses", "decks", "flashcards"]) await tx.execute(sql.raw(`analyze ${table}`));
      const [course] = await queryRows<{ id: number }>(
        tx,
        sql`select max(id) as id from courses where user_id = ${owner.id}`,
      );
      return explainReads(tx, sql.raw(COURSE_PRACTICE_CARDS.text.replaceAll("$1", String(course?.id ?? 0))));
    });
    expectIndexed(reads, "decks", /^btree \(course_id, level\)/);
    expectIndexed(reads, "flashcards", /^btree \(deck_id, id\)/);
  });
});
