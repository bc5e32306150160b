/**
 * Practice (issue #23 item 4, decision 0047): answers given in practice are logged, with reason
 * "practice", and counted in the statistics, but write nothing to the schedule: no memory row is
 * made or changed, and the review summary and queue read the same before and after, for the
 * learner's courses and for a course they practise without studying it.
 */
import { randomUUID } from "node:crypto";
import { cardMemory, reviewLog } from "@server/db/schema";
import { createDeck, follow } from "@server/test/factories";
import { signedInClient, type TestClient } from "@server/test/http-client";
import { createTestApp, setupTestApp } from "@server/test/test-app";
import type { LearnerStats } from "@shared/schemas/stats";
import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { database } = await setupTestApp();
const { db } = database;

let now = new Date();
const app = createTestApp(db, { clock: () => now });
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

function answer(cardId: number, grade: 1 | 3 | 4, answeredAt: Date, mode = "flip") {
  return { id: randomUUID(), cardId, mode, grade, responseMs: 1500, answeredAt: answeredAt.toISOString() };
}

/** Everything the schedule shows the learner: counts for every scope, the queue, and the memory rows. */
async function schedule(client: TestClient, userId: string, scopes: string[]) {
  const summaries = await Promise.all(
    scopes.map(async (query) => (await client.get(`/api/reviews/summary${query}`)).json()),
  );
  const queues = await Promise.all(
    scopes
      .filter((query) => !query.includes("deckId"))
      .map(async (query) => (await client.get(`/api/reviews/queue${query}`)).json()),
  );
  const memory = await db
    .select()
    .from(cardMemory)
    .where(eq(cardMemory.userId, userId))
    .orderBy(asc(cardMemory.cardId));
  return { summaries, queues, memory };
}

async function answersLogged(client: TestClient) {
  const stats = (await (await client.get("/api/stats")).json()) as LearnerStats;
  return stats.reviewsPerDay.reduce((sum, day) => sum + day.reviews, 0);
}

describe("practice", () => {
  it("logs every answer as practice and leaves the schedule, the due counts and the queue as they were", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    // A course the learner studies: three cards forgotten three days ago (due now), one known at
    // once a minute ago (due in days), two never answered (new today).
    const studied = await createDeck(db, { cards: 6 });
    await follow(db, userId, studied.courseId);
    const [a, b, c, known, fresh1, fresh2] = studied.cards.map((card) => card.id) as number[];
    const setup = [
      ...[a, b, c].map((card) => answer(card ?? 0, 1, new Date(now.getTime() - 3 * DAY))),
      answer(known ?? 0, 4, new Date(now.getTime() - MINUTE)),
    ];
    expect((await client.post("/api/reviews/batch", { reviews: setup })).status).toBe(200);
    // A course the learner only practises: never followed, never answered.
    const other = await createDeck(db, { cards: 4 });

    const scopes = [
      "",
      `?courseId=${studied.courseId}`,
      `?deckId=${studied.id}`,
      `?courseId=${other.courseId}`,
      `?deckId=${other.id}`,
    ];
    const before = await schedule(client, userId, scopes);
    expect(before.summaries[0]).toMatchObject({ dueToday: 3, newToday: 2, studied: 4 });
    const loggedBefore = await answersLogged(client);

    // Every card of both courses, due or not, right and wrong, in the last seconds; one card twice.
    const practice = [
      ...[a, b, c, known, fresh1, fresh2].map((card, i) =>
        answer(card ?? 0, i % 2 === 0 ? 3 : 1, new Date(now.getTime() - (10 - i) * 1000), "practice"),
      ),
      ...other.cards.map((card) => answer(card.id, 3, new Date(now.getTime() - 3000), "practice")),
      answer(fresh1 ?? 0, 3, now, "practice"),
    ];
    const res = await client.post("/api/reviews/batch", { reviews: practice });
    expect(res.status).toBe(200);
    expect((await res.json()).results.map((r: { status: string }) => r.status)).toEqual(practice.map(() => "recorded"));

    const logged = await db
      .select({ mode: reviewLog.mode, counted: reviewLog.counted, reason: reviewLog.uncountedReason })
      .from(reviewLog)
      .where(
        inArray(
          reviewLog.id,
          practice.map((p) => p.id),
        ),
      );
    expect(logged).toHaveLength(practice.length);
    expect(logged.every((row) => row.mode === "practice" && !row.counted && row.reason === "practice")).toBe(true);

    // Nothing scheduled: the same memory rows, counts and queues, the other course still unstudied.
    expect(await schedule(client, userId, scopes)).toEqual(before);
    // The statistics keep them: answers per day count every logged answer.
    expect(await answersLogged(client)).toBe(loggedBefore + practice.length);
  });

  it("sent one at a time too, and after a review, a practice answer changes nothing the review wrote", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db);
    await follow(db, userId, deck.courseId);
    const card = deck.cards[0]?.id ?? 0;
    expect((await client.post("/api/reviews", answer(card, 3, now, "review"))).status).toBe(201);
    const before = await schedule(client, userId, ["", `?deckId=${deck.id}`]);

    // A day later, practising it (wrong) is logged and nothing more: its memory is the review's.
    now = new Date(now.getTime() + DAY);
    const sent = answer(card, 1, now, "practice");
    const res = await client.post("/api/reviews", sent);
    expect(res.status).toBe(201);
    const [row] = await db.select().from(reviewLog).where(eq(reviewLog.id, sent.id));
    expect(row).toMatchObject({ mode: "practice", grade: 1, counted: false, uncountedReason: "practice" });
    const after = await schedule(client, userId, ["", `?deckId=${deck.id}`]);
    expect(after.memory).toEqual(before.memory);
  });
});
