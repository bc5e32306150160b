import { randomUUID } from "node:crypto";
import { cardMemory, decks, flashcards, reviewLog } from "@server/db/schema";
import { createDeck, follow } from "@server/test/factories";
import { signedInClient, TestClient } from "@server/test/http-client";
import { createTestApp, setupTestApp } from "@server/test/test-app";
import { REVIEW_QUEUE_PAGE } from "@shared/memory/limits";
import { replay } from "@shared/memory/scheduler";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { database } = await setupTestApp();
const { db } = database;

/** The app on a clock the test moves. */
let now = new Date();
const app = createTestApp(db, { clock: () => now });
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

function answer(cardId: number, grade: 1 | 2 | 3 | 4, answeredAt = now, mode = "flip") {
  return { id: randomUUID(), cardId, mode, grade, responseMs: 900, answeredAt: answeredAt.toISOString() };
}

async function memoryRows(userId: string, cardId: number) {
  return db
    .select()
    .from(cardMemory)
    .where(and(eq(cardMemory.userId, userId), eq(cardMemory.cardId, cardId)));
}

async function logRows(userId: string) {
  return db.select().from(reviewLog).where(eq(reviewLog.userId, userId));
}

describe("recording answers", () => {
  it("writes one log row and one memory row; a resent answer is recorded once", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    const sent = answer(card, 3);

    const first = await client.post("/api/reviews", sent);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ id: sent.id, status: "recorded" });
    const again = await client.post("/api/reviews", sent);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id: sent.id, status: "duplicate" });

    const log = await logRows(userId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ cardId: card, courseId: deck.courseId, mode: "flip", grade: 3, responseMs: 900 });
    const [memory] = await memoryRows(userId, card);
    expect(memory?.reps).toBe(1);
    expect(memory?.due.getTime()).toBeGreaterThan(now.getTime());
  });

  it("gives the same memory whatever order a batch's answers arrive in, late answers included", async () => {
    now = new Date();
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    const answers = [
      answer(card, 3, new Date(now.getTime() - 20 * DAY)),
      answer(card, 1, new Date(now.getTime() - 12 * DAY)),
      answer(card, 3, new Date(now.getTime() - 11 * DAY)),
      answer(card, 4, new Date(now.getTime() - 2 * DAY)),
    ];
    const inOrder = await signedInClient(app, db);
    expect((await inOrder.client.post("/api/reviews/batch", { reviews: answers })).status).toBe(200);

    // Another learner's device sends the newest first, then the older ones one by one, late.
    const outOfOrder = await signedInClient(app, db);
    for (const sent of [answers[3], answers[1], answers[0], answers[2]]) {
      const res = await outOfOrder.client.post("/api/reviews", { ...sent, id: randomUUID() });
      expect(res.status).toBe(201);
    }
    const [a] = await memoryRows(inOrder.userId, card);
    const [b] = await memoryRows(outOfOrder.userId, card);
    const strip = (row: typeof a) => ({ ...row, userId: undefined });
    expect(strip(b)).toEqual(strip(a));
    const expected = replay(answers.map((x) => ({ id: x.id, grade: x.grade, answeredAt: new Date(x.answeredAt) })));
    expect(a?.due).toEqual(expected?.due);
    expect(a?.introducedAt).toEqual(new Date(answers[0]?.answeredAt ?? ""));
  });

  it("takes a batch whose parts are refused: the rest is recorded, and a duplicate id is ignored", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const card = deck.cards[1]?.id ?? 0;
    const good = answer(card, 3);
    const reviews = [
      good,
      good,
      answer(2_147_483_000, 3),
      answer(card, 3, new Date(now.getTime() + 60 * MINUTE)),
      answer(card, 3, new Date(now.getTime() - 400 * DAY)),
    ];
    const res = await client.post("/api/reviews/batch", { reviews });
    expect(res.status).toBe(200);
    expect((await res.json()).results).toEqual([
      { id: good.id, status: "recorded" },
      { id: reviews[2]?.id, status: "refused", reason: "card_not_found" },
      { id: reviews[3]?.id, status: "refused", reason: "answered_in_future" },
      { id: reviews[4]?.id, status: "refused", reason: "answered_too_long_ago" },
    ]);
    expect(await logRows(userId)).toHaveLength(1);
  });

  it("refuses bad answers with a clear error and writes nothing", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    const bad = [
      { ...answer(card, 3), grade: 5 },
      { ...answer(card, 3), grade: 0 },
      { ...answer(card, 3), mode: "guess" },
      { ...answer(card, 3), id: "not-a-uuid" },
      { ...answer(card, 3), answeredAt: "yesterday" },
      { ...answer(card, 3), responseMs: -1 },
    ];
    for (const body of bad) expect((await client.post("/api/reviews", body)).status).toBe(400);
    expect((await client.post("/api/reviews", answer(2_147_483_000, 3))).status).toBe(404);
    const future = await client.post("/api/reviews", answer(card, 3, new Date(now.getTime() + DAY)));
    expect(future.status).toBe(400);
    expect((await client.post("/api/reviews/batch", { reviews: [] })).status).toBe(400);
    expect(await logRows(userId)).toEqual([]);
    expect(await memoryRows(userId, card)).toEqual([]);
  });

  it("refuses a visitor, and writes nothing", async () => {
    const deck = await createDeck(db);
    const res = await new TestClient(app).post("/api/reviews", answer(deck.cards[0]?.id ?? 0, 3));
    expect(res.status).toBe(401);
    expect(
      await db
        .select()
        .from(reviewLog)
        .where(eq(reviewLog.cardId, deck.cards[0]?.id ?? 0)),
    ).toEqual([]);
  });

  it("keeps memory when a card is edited, and drops it with the card or the deck", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db, { cards: 5 });
    const [first, second] = deck.cards.map((card) => card.id);
    await client.post("/api/reviews/batch", { reviews: [answer(first ?? 0, 3), answer(second ?? 0, 1)] });
    await db
      .update(flashcards)
      .set({ question: "Edited" })
      .where(eq(flashcards.id, first ?? 0));
    expect(await memoryRows(userId, first ?? 0)).toHaveLength(1);
    await db.delete(flashcards).where(eq(flashcards.id, second ?? 0));
    expect(await memoryRows(userId, second ?? 0)).toEqual([]);
    await db.delete(decks).where(eq(decks.id, deck.id));
    expect(await memoryRows(userId, first ?? 0)).toEqual([]);
    expect(await logRows(userId)).toEqual([]);
  });
});

describe("the review queue", () => {
  it("serves due cards most overdue first, then new cards of studied courses, within the daily limits", async () => {
    now = new Date("2026-06-01T09:00:00Z");
    const { client, userId } = await signedInClient(app, db);
    const followed = await createDeck(db, { cards: 6 });
    await follow(db, userId, followed.courseId);
    const [a, b, c] = followed.cards.map((card) => card.id);
    await client.post("/api/reviews/batch", {
      reviews: [
        answer(a ?? 0, 3, new Date(now.getTime() - 5 * MINUTE)),
        answer(b ?? 0, 1, new Date(now.getTime() - 9 * MINUTE)),
      ],
    });

    // The card answered wrong (a minute's step) is due; the one answered right not yet; then the
    // new cards, in deck order.
    let queue = await (await client.get("/api/reviews/queue")).json();
    expect(queue.cards.map((card: { cardId: number }) => card.cardId)).toEqual([
      b,
      ...followed.cards.slice(2).map((card) => card.id),
    ]);
    expect(queue.cards[0]).toMatchObject({ state: "learning" });
    expect(queue.cards[1]).toMatchObject({
      state: "new",
      question: "Question 3",
      answer: "Answer 3",
      deckId: followed.id,
    });
    expect(queue.cards[1].intervals["1"]).toBeLessThan(queue.cards[1].intervals["4"]);
    expect(queue.nextDueAt).not.toBeNull();

    // An hour later both are due; the one due first comes first.
    now = new Date(now.getTime() + 60 * MINUTE);
    queue = await (await client.get("/api/reviews/queue")).json();
    expect(queue.cards.slice(0, 2).map((card: { cardId: number }) => card.cardId)).toEqual([b, a]);
    expect(queue.dueToday).toBe(2);
    const summary = await (await client.get("/api/reviews/summary")).json();
    expect(summary).toMatchObject({ dueToday: 2, newToday: 4, studied: 2, learned: 0, new: 4, learning: 2 });
    const ofDeck = await (await client.get(`/api/reviews/summary?deckId=${followed.id}`)).json();
    expect(ofDeck).toMatchObject({ dueToday: 2, newToday: 4, studied: 2 });

    // Limits: one new card a day, already used up by the two started today.
    const settings = { desiredRetention: 0.9, newCardsPerDay: 1, reviewsPerDay: 1, timeZone: "UTC" };
    expect((await client.put("/api/reviews/settings", settings)).status).toBe(200);
    expect(await (await client.get("/api/reviews/settings")).json()).toEqual(settings);
    queue = await (await client.get("/api/reviews/queue")).json();
    expect(queue.cards.map((card: { cardId: number }) => card.cardId)).toEqual([b]);

    // One course only: another followed course's cards are left out.
    const other = await createDeck(db);
    await follow(db, userId, other.courseId);
    queue = await (await client.get(`/api/reviews/queue?courseId=${other.courseId}`)).json();
    expect(queue.cards).toEqual([]);
    expect(queue.cards.some((card: { cardId: number }) => card.cardId === c)).toBe(false);
  });

  it("comes a page of 50 cards at a time, the counts saying how many are due in all", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const big = await createDeck(db, { cards: 50 });
    const more = await createDeck(db, { courseId: big.courseId, cards: 10 });
    await follow(db, userId, big.courseId);
    const cards = [...big.cards, ...more.cards];
    const reviews = cards.map((card) => answer(card.id, 1, new Date(now.getTime() - 3 * DAY)));
    expect((await client.post("/api/reviews/batch", { reviews })).status).toBe(200);
    const queue = await (await client.get("/api/reviews/queue")).json();
    expect(queue.cards).toHaveLength(REVIEW_QUEUE_PAGE);
    expect(queue.dueToday).toBe(60);
  });

  it("counts for home exactly the cards the session holds: due now, or scheduled in days and due before the day ends", async () => {
    now = new Date("2026-07-01T06:00:00Z");
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db, { cards: 4 });
    await follow(db, userId, deck.courseId);
    const [later, forgotten, step, tomorrow] = deck.cards.map((card) => card.id ?? 0) as [
      number,
      number,
      number,
      number,
    ];
    // Known at once ("Easy"): scheduled in days. The clock then moves to two hours before it falls due, the same day.
    await client.post("/api/reviews", answer(later, 4));
    const [memory] = await memoryRows(userId, later);
    const due = memory?.due ?? new Date();
    const dayStart = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()));
    now = new Date(Math.max(dayStart.getTime() + MINUTE, due.getTime() - 120 * MINUTE));
    expect(now.getTime()).toBeLessThan(due.getTime());
    await client.post("/api/reviews/batch", {
      reviews: [
        // Forgotten three days ago: due now. Answered right two minutes ago: a ten-minute step later today.
        answer(forgotten, 1, new Date(now.getTime() - 3 * DAY)),
        answer(step, 3, new Date(now.getTime() - 2 * MINUTE)),
        // Known at once a minute ago: due in days, after today.
        answer(tomorrow, 4, new Date(now.getTime() - MINUTE)),
      ],
    });

    const summary = await (await client.get("/api/reviews/summary")).json();
    const queue = await (await client.get("/api/reviews/queue")).json();
    expect(queue.cards.map((card: { cardId: number }) => card.cardId)).toEqual([forgotten, later]);
    expect(summary).toMatchObject({ dueToday: 2, newToday: 0, studied: 4 });
    expect({ dueToday: queue.dueToday, newToday: queue.newToday }).toEqual({ dueToday: 2, newToday: 0 });
    // The next card not in today's review: the learning step, due eight minutes from now.
    const [stepMemory] = await memoryRows(userId, step);
    expect(queue.nextDueAt).toBe(stepMemory?.due.toISOString());
    expect(summary.nextDueAt).toBe(queue.nextDueAt);
    const ofCourse = await (await client.get(`/api/reviews/summary?courseId=${deck.courseId}`)).json();
    const courseQueue = await (await client.get(`/api/reviews/queue?courseId=${deck.courseId}`)).json();
    expect(ofCourse.dueToday + ofCourse.newToday).toBe(courseQueue.cards.length);
    expect((await (await client.get(`/api/reviews/summary?deckId=${deck.id}`)).json()).dueToday).toBe(2);

    // The step's time comes: it joins today's review, on home as in the session.
    now = new Date(now.getTime() + 9 * MINUTE);
    expect((await (await client.get("/api/reviews/summary")).json()).dueToday).toBe(3);
    expect((await (await client.get("/api/reviews/queue")).json()).cards).toHaveLength(3);
  });

  it("keeps the session's count whole across pages: home's count, not the page's", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const big = await createDeck(db, { cards: 55 });
    await follow(db, userId, big.courseId);
    const reviews = big.cards.slice(0, 40).map((card) => answer(card.id, 1, new Date(now.getTime() - 3 * DAY)));
    expect((await client.post("/api/reviews/batch", { reviews })).status).toBe(200);
    const queue = await (await client.get("/api/reviews/queue")).json();
    const summary = await (await client.get("/api/reviews/summary")).json();
    expect(queue.cards).toHaveLength(REVIEW_QUEUE_PAGE);
    // 40 due, and 15 new cards (within the 20 a day), 10 of them on this page.
    expect({ dueToday: queue.dueToday, newToday: queue.newToday }).toEqual({ dueToday: 40, newToday: 15 });
    expect(summary).toMatchObject({ dueToday: 40, newToday: 15 });
  });

  it("answers only for the signed-in learner's own memory", async () => {
    now = new Date();
    const owner = await signedInClient(app, db);
    const deck = await createDeck(db, { userId: owner.userId });
    await owner.client.post("/api/reviews", answer(deck.cards[0]?.id ?? 0, 1));
    const stranger = await signedInClient(app, db);
    now = new Date(now.getTime() + DAY);
    const queue = await (await stranger.client.get(`/api/reviews/queue?courseId=${deck.courseId}`)).json();
    // The stranger sees the course's cards as new, not the owner's due card.
    expect(queue.cards.every((card: { state: string }) => card.state === "new")).toBe(true);
  });

  it("refuses settings out of range", async () => {
    const { client } = await signedInClient(app, db);
    const base = { desiredRetention: 0.9, newCardsPerDay: 20, reviewsPerDay: 200, timeZone: "UTC" };
    for (const body of [
      { ...base, desiredRetention: 0.5 },
      { ...base, desiredRetention: 1 },
      { ...base, newCardsPerDay: -1 },
      { ...base, reviewsPerDay: 2.5 },
      { ...base, timeZone: "Mars/Olympus" },
    ]) {
      expect((await client.put("/api/reviews/settings", body)).status).toBe(400);
    }
    expect(await (await client.get("/api/reviews/settings")).json()).toEqual(base);
  });
});
