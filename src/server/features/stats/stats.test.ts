import { randomUUID } from "node:crypto";
import { reviewSettings, userProgress } from "@server/db/schema";
import { createDeck, follow } from "@server/test/factories";
import { signedInClient, TestClient } from "@server/test/http-client";
import { createTestApp, setupTestApp } from "@server/test/test-app";
import { reviewSettingsInput } from "@shared/schemas/review";
import { describe, expect, it } from "vitest";

const { database } = await setupTestApp();
const { db } = database;
let now = new Date("2026-06-10T12:00:00Z");
const app = createTestApp(db, { clock: () => now });
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const answer = (cardId: number, grade: number, at: Date, mode = "flip", responseMs?: number) => ({
  id: randomUUID(),
  cardId,
  mode,
  grade,
  answeredAt: at.toISOString(),
  ...(responseMs === undefined ? {} : { responseMs }),
});

describe("statistics", () => {
  it("counts reviews per local day, retention per week, the forecast, card states and test fluency", async () => {
    now = new Date("2026-06-10T12:00:00Z");
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db, { cards: 6 });
    await follow(db, userId, deck.courseId);
    const [a, b, c] = deck.cards.map((card) => card.id) as [number, number, number];
    const res = await client.post("/api/reviews/batch", {
      reviews: [
        answer(a, 3, new Date(now.getTime() - 2 * DAY)),
        answer(a, 3, new Date(now.getTime() - 2 * DAY + HOUR)),
        answer(b, 1, new Date(now.getTime() - DAY)),
        answer(a, 3, new Date(now.getTime() - HOUR), "test", 1500),
        answer(b, 3, new Date(now.getTime() - HOUR), "test", 2500),
        answer(c, 1, new Date(now.getTime() - HOUR), "test", 4000),
      ],
    });
    expect(res.status).toBe(200);

    const stats = await (await client.get("/api/stats")).json();
    expect(stats.reviewsPerDay).toEqual([
      { day: "2026-06-08", reviews: 2 },
      { day: "2026-06-09", reviews: 1 },
      { day: "2026-06-10", reviews: 3 },
    ]);
    const weeks = stats.retentionPerWeek;
    expect(weeks.reduce((sum: number, w: { reviews: number }) => sum + w.reviews, 0)).toBe(6);
    expect(weeks.reduce((sum: number, w: { right: number }) => sum + w.right, 0)).toBe(4);
    expect(stats.cardsByState.new).toBe(3);
    expect(stats.cardsByState.learning + stats.cardsByState.young + stats.cardsByState.mature).toBe(3);
    expect(stats.duePerDay.reduce((sum: number, d: { cards: number }) => sum + d.cards, 0)).toBe(3);
    expect(stats.fluency).toEqual([
      { deckId: deck.id, deckName: deck.name, courseId: deck.courseId, answers: 3, medianMs: 2500 },
    ]);

    // On Kiritimati (UTC+14) every answer falls on the next day: 12:00 UTC is 02:00 there.
    await client.put("/api/reviews/settings", {
      desiredRetention: 0.9,
      newCardsPerDay: 20,
      reviewsPerDay: 200,
      timeZone: "Pacific/Kiritimati",
    });
    const ahead = await (await client.get("/api/stats")).json();
    expect(ahead.timeZone).toBe("Pacific/Kiritimati");
    expect(ahead.reviewsPerDay).toEqual([
      { day: "2026-06-09", reviews: 2 },
      { day: "2026-06-10", reviews: 1 },
      { day: "2026-06-11", reviews: 3 },
    ]);
  });

  it("narrows to one course, shows nothing of other learners, is never cached, and refuses visitors", async () => {
    now = new Date("2026-06-10T12:00:00Z");
    const learner = await signedInClient(app, db);
    const other = await signedInClient(app, db);
    const first = await createDeck(db);
    const second = await createDeck(db);
    await learner.client.post("/api/reviews/batch", {
      reviews: [
        answer(first.cards[0]?.id ?? 0, 3, new Date(now.getTime() - HOUR)),
        answer(second.cards[0]?.id ?? 0, 3, new Date(now.getTime() - HOUR)),
      ],
    });
    const res = await learner.client.get(`/api/stats?courseId=${first.courseId}`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const one = await res.json();
    expect(one.reviewsPerDay).toEqual([{ day: "2026-06-10", reviews: 1 }]);
    expect(one.cardsByState.new).toBe(3);

    const theirs = await (await other.client.get("/api/stats")).json();
    expect(theirs.reviewsPerDay).toEqual([]);
    expect(theirs.cardsByState).toEqual({ new: 0, learning: 0, young: 0, mature: 0 });
    expect((await new TestClient(app).get("/api/stats")).status).toBe(401);
    expect((await learner.client.get("/api/stats?courseId=x")).status).toBe(400);
  });
});

describe("statistics' new cards", () => {
  it("count the courses the review queue counts as studied, a passed deck's course included", async () => {
    const { client, userId } = await signedInClient(app, db);
    const passed = await createDeck(db, { cards: 5 });
    await db.insert(userProgress).values({ userId, courseId: passed.courseId, deckId: passed.id });
    const stats = await (await client.get("/api/stats")).json();
    expect(stats.cardsByState.new).toBe(5);
    const queue = await (await client.get("/api/reviews/queue")).json();
    expect(queue.cards).toHaveLength(5);
  });
});

/**
 * Issue #21, item 7: Node accepts zone names PostgreSQL's tz database has dropped; stored, one made
 * every statistics query fail (500) until the setting changed.
 */
describe("time zones Node knows and PostgreSQL does not", () => {
  const dropped = ["US/Pacific-New", "Canada/East-Saskatchewan"];
  const base = { desiredRetention: 0.9, newCardsPerDay: 20, reviewsPerDay: 200, timeZone: "Asia/Tokyo" };

  it("are refused where the learner sets them, at the field, and change nothing", async () => {
    const { client } = await signedInClient(app, db);
    expect((await client.put("/api/reviews/settings", base)).status).toBe(200);
    for (const timeZone of dropped) {
      // The shared schema (the browser's list) lets them through: the database's list refuses them.
      expect(reviewSettingsInput.safeParse({ ...base, timeZone }).success).toBe(true);
      const res = await client.put("/api/reviews/settings", { ...base, timeZone });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe("invalid_request");
      expect(body.error.issues).toEqual([{ path: ["timeZone"], key: "validation.time_zone_unknown_to_server" }]);
    }
    expect(await (await client.get("/api/reviews/settings")).json()).toEqual(base);
  });

  it("stored anyway, the statistics count in UTC and say so instead of failing", async () => {
    now = new Date("2026-06-10T12:00:00Z");
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const cardId = deck.cards[0]?.id ?? 0;
    const res = await client.post("/api/reviews/batch", {
      reviews: [answer(cardId, 3, new Date(now.getTime() - DAY)), answer(cardId, 3, new Date(now.getTime() - HOUR))],
    });
    expect(res.status).toBe(200);
    for (const timeZone of dropped) {
      // As a setting saved before the check existed would be.
      await db
        .insert(reviewSettings)
        .values({ userId, ...base, timeZone })
        .onConflictDoUpdate({ target: reviewSettings.userId, set: { timeZone } });
      const stats = await client.get("/api/stats");
      expect(stats.status).toBe(200);
      const body = await stats.json();
      expect({ timeZone: body.timeZone, unknownTimeZone: body.unknownTimeZone }).toEqual({
        timeZone: "UTC",
        unknownTimeZone: timeZone,
      });
      expect(body.reviewsPerDay).toEqual([
        { day: "2026-06-09", reviews: 1 },
        { day: "2026-06-10", reviews: 1 },
      ]);
      expect((await client.get(`/api/stats?courseId=${deck.courseId}`)).status).toBe(200);
    }
  });
});
