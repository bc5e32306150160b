/**
 * Issue #23 item 5 (decision 0049): an exam date per course brings every card that would come back
 * after the exam back on the day before it, the course's forecast says how much FSRS expects to be
 * remembered, and the date can be removed. The clock is the app's injectable one.
 */
import { randomUUID } from "node:crypto";
import { cardMemory } from "@server/db/schema";
import { createDeck, follow } from "@server/test/factories";
import { signedInClient, TestClient } from "@server/test/http-client";
import { createTestApp, setupTestApp } from "@server/test/test-app";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { database } = await setupTestApp();
const { db } = database;

let now = new Date("2026-03-02T09:00:00Z");
const app = createTestApp(db, { clock: () => now });
const DAY = 24 * 60 * 60 * 1000;

const answer = (cardId: number, grade: 1 | 2 | 3 | 4, answeredAt: Date, mode = "review") => ({
  id: randomUUID(),
  cardId,
  mode,
  grade,
  answeredAt: answeredAt.toISOString(),
});

async function dueCards(client: TestClient, courseId: number) {
  const queue = (await (await client.get(`/api/reviews/queue?courseId=${courseId}`)).json()) as {
    cards: { cardId: number; state: string }[];
  };
  return queue.cards.filter((card) => card.state !== "new").map((card) => card.cardId);
}

describe("an exam date", () => {
  it("brings back on the day before it every card that would come back after it, once", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db, { cards: 4 });
    await follow(db, userId, deck.courseId);
    const [known, other] = deck.cards.map((card) => card.id) as [number, number];
    // Known at once: scheduled days ahead (more than a week with FSRS's first "Easy").
    await client.post("/api/reviews/batch", { reviews: [answer(known, 4, now), answer(other, 4, now)] });
    const [memory] = await db
      .select()
      .from(cardMemory)
      .where(and(eq(cardMemory.userId, userId), eq(cardMemory.cardId, known)));
    const due = memory?.due ?? now;
    expect(due.getTime() - now.getTime()).toBeGreaterThan(4 * DAY);

    // The exam is in three days, before the card would come back.
    const set = await client.put(`/api/reviews/exam-dates/${deck.courseId}`, { examOn: "2026-03-05" });
    expect(set.status).toBe(200);
    const forecast = await set.json();
    expect(forecast).toMatchObject({ examOn: "2026-03-05", cards: 4 });
    // Two cards studied, each likely remembered in three days; two never seen count as forgotten.
    expect(forecast.remembered).toBeGreaterThan(1.5);
    expect(forecast.remembered).toBeLessThan(2);

    // Until the day before the exam, nothing is due.
    now = new Date("2026-03-03T20:00:00Z");
    expect(await dueCards(client, deck.courseId)).toEqual([]);
    // The day before: both come back, and Home counts them.
    now = new Date("2026-03-04T08:00:00Z");
    expect((await dueCards(client, deck.courseId)).sort()).toEqual([known, other].sort());
    const summary = await (await client.get("/api/reviews/summary")).json();
    expect(summary.dueToday).toBe(2);
    // Reviewed that day, a card is done; the other stays due until the exam day begins.
    await client.post("/api/reviews", answer(known, 3, now));
    expect(await dueCards(client, deck.courseId)).toEqual([other]);
    now = new Date("2026-03-05T00:30:00Z");
    expect(await dueCards(client, deck.courseId)).toEqual([]);
  });

  it("is read in the learner's time zone", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const { client, userId } = await signedInClient(app, db);
    const settings = { desiredRetention: 0.9, newCardsPerDay: 20, reviewsPerDay: 200, timeZone: "Asia/Tokyo" };
    expect((await client.put("/api/reviews/settings", settings)).status).toBe(200);
    const deck = await createDeck(db, { cards: 4 });
    await follow(db, userId, deck.courseId);
    const card = deck.cards[0]?.id ?? 0;
    await client.post("/api/reviews", answer(card, 4, now));
    await client.put(`/api/reviews/exam-dates/${deck.courseId}`, { examOn: "2026-03-05" });
    // 2026-03-03T15:30Z is 00:30 on 4 March in Tokyo: the day before the exam there.
    now = new Date("2026-03-03T14:30:00Z");
    expect(await dueCards(client, deck.courseId)).toEqual([]);
    now = new Date("2026-03-03T15:30:00Z");
    expect(await dueCards(client, deck.courseId)).toEqual([card]);
    // The exam day begins at 15:00 UTC on 4 March.
    now = new Date("2026-03-04T15:00:00Z");
    expect(await dueCards(client, deck.courseId)).toEqual([]);
  });

  it("can be removed: the schedule is FSRS's again", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db, { cards: 4 });
    await follow(db, userId, deck.courseId);
    const card = deck.cards[0]?.id ?? 0;
    await client.post("/api/reviews", answer(card, 4, now));
    await client.put(`/api/reviews/exam-dates/${deck.courseId}`, { examOn: "2026-03-05" });
    now = new Date("2026-03-04T08:00:00Z");
    expect(await dueCards(client, deck.courseId)).toEqual([card]);
    const removed = await client.delete(`/api/reviews/exam-dates/${deck.courseId}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ examOn: null, cards: 4, remembered: 0 });
    expect(await dueCards(client, deck.courseId)).toEqual([]);
    expect(await (await client.get(`/api/reviews/exam-dates/${deck.courseId}`)).json()).toMatchObject({
      examOn: null,
    });
  });

  it("refuses a date in the past, more than two years ahead, or not a date, and changes nothing", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const { client } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const put = (examOn: unknown) => client.put(`/api/reviews/exam-dates/${deck.courseId}`, { examOn });
    for (const [examOn, key] of [
      ["2026-03-01", "validation.exam_date_past"],
      ["2028-03-02", "validation.exam_date_too_far"],
      ["next week", "validation.exam_date_invalid"],
      ["2026-02-30", "validation.exam_date_invalid"],
    ] as const) {
      const res = await put(examOn);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(key);
    }
    expect((await put("2026-03-02")).status).toBe(200);
    expect((await put("2028-03-01")).status).toBe(200);
    expect((await client.get(`/api/reviews/exam-dates/${deck.courseId}`)).status).toBe(200);
    expect((await client.put("/api/reviews/exam-dates/2147483000", { examOn: "2026-04-01" })).status).toBe(404);
  });

  it("is the signed-in learner's own: a visitor is refused, another learner sees none", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const { client } = await signedInClient(app, db);
    const other = await signedInClient(app, db);
    const deck = await createDeck(db);
    await client.put(`/api/reviews/exam-dates/${deck.courseId}`, { examOn: "2026-04-01" });
    expect(await (await other.client.get(`/api/reviews/exam-dates/${deck.courseId}`)).json()).toMatchObject({
      examOn: null,
    });
    const visitor = new TestClient(app);
    expect((await visitor.get(`/api/reviews/exam-dates/${deck.courseId}`)).status).toBe(401);
    expect((await visitor.put(`/api/reviews/exam-dates/${deck.courseId}`, { examOn: "2026-04-01" })).status).toBe(401);
  });
});
