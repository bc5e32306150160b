/**
 * Issue #23 item 3 (decision 0047): every answer is logged, but only recall schedules, once per
 * card and day (in the learner's time zone) apart from due short-term steps; a late answer
 * decides again for the recall answers after it, so the memory and each answer's fate are those
 * of a replay of the whole log whatever order the answers arrived in.
 */
import { randomUUID } from "node:crypto";
import { cardMemory, reviewLog } from "@server/db/schema";
import { createDeck } from "@server/test/factories";
import { signedInClient } from "@server/test/http-client";
import { createTestApp, setupTestApp } from "@server/test/test-app";
import { DEFAULT_DESIRED_RETENTION } from "@shared/memory/limits";
import { type LoggedAnswer, replayLog } from "@shared/memory/recall";
import type { Grade } from "@shared/memory/scheduler";
import type { ReviewMode } from "@shared/schemas/review";
import { and, asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const { database } = await setupTestApp();
const { db } = database;

let now = new Date();
const app = createTestApp(db, { clock: () => now });
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

function answer(cardId: number, mode: ReviewMode, grade: Grade, answeredAt: Date) {
  return { id: randomUUID(), cardId, mode, grade, responseMs: 900, answeredAt: answeredAt.toISOString() };
}

async function memoryOf(userId: string, cardId: number) {
  const [row] = await db
    .select()
    .from(cardMemory)
    .where(and(eq(cardMemory.userId, userId), eq(cardMemory.cardId, cardId)));
  return row;
}

async function fates(userId: string, cardId: number) {
  const rows = await db
    .select({ id: reviewLog.id, counted: reviewLog.counted, reason: reviewLog.uncountedReason })
    .from(reviewLog)
    .where(and(eq(reviewLog.userId, userId), eq(reviewLog.cardId, cardId)))
    .orderBy(asc(reviewLog.answeredAt), asc(reviewLog.id));
  return new Map(rows.map((row) => [row.id, row.counted ? null : row.reason]));
}

/** Noon (UTC) a given number of days before today. */
const noonDaysAgo = (days: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, 12));

describe("answers that do not schedule", () => {
  it("logs matching, tiles and practice without a memory: the card stays new for review", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    const sent = [
      answer(card, "matching", 3, new Date(now.getTime() - 3 * MINUTE)),
      answer(card, "tiles", 1, new Date(now.getTime() - 2 * MINUTE)),
      answer(card, "practice", 3, new Date(now.getTime() - MINUTE)),
    ];
    const res = await client.post("/api/reviews/batch", { reviews: sent });
    expect((await res.json()).results.map((r: { status: string }) => r.status)).toEqual([
      "recorded",
      "recorded",
      "recorded",
    ]);
    expect([...(await fates(userId, card)).values()]).toEqual(["recognition", "recognition", "practice"]);
    expect(await memoryOf(userId, card)).toBeUndefined();
    const queue = await (await client.get(`/api/reviews/queue?courseId=${deck.courseId}`)).json();
    expect(queue.cards.find((c: { cardId: number }) => c.cardId === card)?.state).toBe("new");
  });

  it("counts the first recall of the day; a repeat minutes later is logged only, a due step counts", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    const morning = noonDaysAgo(2);
    const flip = answer(card, "flip", 1, morning);
    const choice = answer(card, "choice", 3, new Date(morning.getTime() + 20 * 1000));
    // Failed at first: its first learning step (a minute) is due by the time of the test.
    const test = answer(card, "test", 3, new Date(morning.getTime() + 5 * MINUTE));
    const nextDay = answer(card, "review", 3, noonDaysAgo(1));
    for (const sent of [flip, choice, test, nextDay]) {
      expect((await client.post("/api/reviews", sent)).status).toBe(201);
    }
    const log = await fates(userId, card);
    expect([flip, choice, test, nextDay].map((a) => log.get(a.id))).toEqual([null, "same_day", null, null]);
    expect((await memoryOf(userId, card))?.reps).toBe(3);
  });
});

describe("a late answer", () => {
  it("that is the first recall of its day makes the stored one after it a same-day repeat", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    const days = [10, 8, 6, 4].map(noonDaysAgo);
    const onTime = days.map((day) => answer(card, "review", 3, day));
    expect((await client.post("/api/reviews/batch", { reviews: onTime })).status).toBe(200);
    // From a phone that was offline: an hour before the third answer, on its day, right (a wrong
    // one would start a relearning step, due by the stored answer, which would then count).
    const late = answer(card, "flip", 3, new Date((days[2]?.getTime() ?? 0) - 60 * MINUTE));
    expect((await client.post("/api/reviews", late)).status).toBe(201);

    const log = await fates(userId, card);
    expect(log.get(late.id)).toBeNull();
    expect(log.get(onTime[2]?.id ?? "")).toBe("same_day");
    const expected = replayLog(
      [...onTime, late].map((a) => ({ ...a, answeredAt: new Date(a.answeredAt) }) as LoggedAnswer),
      { timeZone: "UTC" },
    );
    const memory = await memoryOf(userId, card);
    expect(memory?.due).toEqual(expected.memory?.due);
    expect(memory?.reps).toBe(4);
  });
});

/** Up to 24 answers to one card over three weeks, in every mode, several a day, some minutes apart. */
const anyLog = fc
  .array(
    fc.record({
      mode: fc.constantFrom<ReviewMode>("review", "flip", "choice", "test", "matching", "tiles", "practice"),
      grade: fc.constantFrom<Grade>(1, 2, 3, 4),
      day: fc.integer({ min: 0, max: 20 }),
      minute: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 23 * 60 })),
    }),
    { minLength: 1, maxLength: 24 },
  )
  .chain((answers) =>
    fc.tuple(
      fc.constant(answers),
      fc.shuffledSubarray(
        answers.map((_, i) => i),
        { minLength: answers.length },
      ),
    ),
  );

describe("whatever order the answers arrive in", () => {
  it("gives the memory and each answer's fate of a replay of the whole log, in the learner's zone", async () => {
    now = new Date();
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    const base = noonDaysAgo(25).getTime() - 12 * 60 * MINUTE;
    await fc.assert(
      fc.asyncProperty(anyLog, fc.integer({ min: 1, max: 4 }), async ([answers, order], batches) => {
        const { client, userId } = await signedInClient(app, db);
        const timeZone = "Asia/Tokyo";
        const settings = {
          desiredRetention: DEFAULT_DESIRED_RETENTION,
          newCardsPerDay: 20,
          reviewsPerDay: 200,
          timeZone,
        };
        expect((await client.put("/api/reviews/settings", settings)).status).toBe(200);
        const sent = answers.map((a) =>
          answer(card, a.mode, a.grade, new Date(base + a.day * DAY + a.minute * MINUTE)),
        );
        const arriving = order.map((i) => sent[i]).filter((a) => a !== undefined);
        const size = Math.ceil(arriving.length / batches);
        for (let i = 0; i < arriving.length; i += size) {
          const res = await client.post("/api/reviews/batch", { reviews: arriving.slice(i, i + size) });
          expect(res.status).toBe(200);
        }
        const expected = replayLog(
          sent.map((a) => ({ ...a, answeredAt: new Date(a.answeredAt) })),
          { timeZone },
        );
        const memory = await memoryOf(userId, card);
        if (expected.memory === null) expect(memory).toBeUndefined();
        else {
          expect(memory?.due).toEqual(expected.memory.due);
          expect(memory?.stability).toBe(expected.memory.stability);
          expect(memory?.reps).toBe(expected.memory.reps);
          expect(memory?.lastReview).toEqual(expected.memory.lastReview);
        }
        expect(await fates(userId, card)).toEqual(new Map(sent.map((a) => [a.id, expected.reasons.get(a.id)])));
      }),
      { numRuns: 25 },
    );
  });
});
