/**
 * Issue #21 items 3, 4 and 8 (decision 0038): a late answer costs a bounded replay whatever the
 * card's log holds and never fails its batch; answers per card and day are capped; answer ids are
 * per learner; each learner's requests and answers are limited with 429 and Retry-After.
 */
import { randomUUID } from "node:crypto";
import { cardMemory, rateLimits, reviewLog } from "@server/db/schema";
import { createDeck } from "@server/test/factories";
import { signedInClient } from "@server/test/http-client";
import { createTestApp, setupTestApp } from "@server/test/test-app";
import { CARD_ANSWERS_PER_DAY_MAX } from "@shared/memory/limits";
import { type Answer, applyAnswer, type Grade, type Memory, replay } from "@shared/memory/scheduler";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REVIEW_LIMITS } from "./review-limits";
import { toSnapshot } from "./reviews.service";

const { database } = await setupTestApp();
const { db } = database;

let now = new Date();
const app = createTestApp(db, { clock: () => now });
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

function answer(cardId: number, grade: Grade, answeredAt: Date) {
  return { id: randomUUID(), cardId, mode: "flip", grade, responseMs: 900, answeredAt: answeredAt.toISOString() };
}

async function memoryOf(userId: string, cardId: number) {
  const [row] = await db
    .select()
    .from(cardMemory)
    .where(and(eq(cardMemory.userId, userId), eq(cardMemory.cardId, cardId)));
  return row;
}

async function logOf(userId: string, cardId: number) {
  return db
    .select()
    .from(reviewLog)
    .where(and(eq(reviewLog.userId, userId), eq(reviewLog.cardId, cardId)))
    .orderBy(asc(reviewLog.answeredAt), asc(reviewLog.id));
}

const gradeAt = (i: number) => ((i * 7) % 4) + 1;
/** Noon (UTC) of the day before `at`'s: answers placed from it are whole days apart and in the past. */
const utcNoon = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - 1, 12);

describe("a late answer on a card with a long log", () => {
  it("is replayed from the snapshot within the window, never from the log before it, and the rest of its batch is recorded too", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    const other = deck.cards[1]?.id ?? 0;

    // Before decision 0038 a late answer replayed the card's whole log, at a cost that grew with it
    // (past ~125,000 answers its `Math.min(...log)` threw and the batch answered 500 for ever; such
    // spreads are kept out by no-spread-arguments.test.ts). Here the answers stored before the window
    // are decoys, every one "Again", while the snapshots after them and the memory row come from the
    // real history (`history`, graded otherwise): a server that read the log before the window would
    // replay the decoys and get another memory (checked below). That shows the work is bounded by
    // the window whatever the log's length, so 2,000 answers prove what 125,000 did. Straight into
    // the database: one statement for the decoys, then the newest answers with the memory after
    // each, as the server stores them now.
    // The recent answers are two days apart at noon (UTC, the learner's zone), so each is the first
    // of its day and counts (decision 0047), and a late answer finds a day of its own between two.
    const count = 2_000;
    const recent = 40;
    const dense = count - recent;
    const recentStart = utcNoon(now) - 2 * recent * DAY - 2 * DAY;
    const denseStart = recentStart - DAY - dense * 20_000;
    const timeOf = (i: number) => (i < dense ? denseStart + i * 20_000 : recentStart + (i - dense) * 2 * DAY);
    await db.execute(sql`
      insert into review_log (id, user_id, card_id, course_id, mode, grade, answered_at)
      select gen_random_uuid(), ${userId}, ${card}, ${deck.courseId}, 'flip', 1,
             ${new Date(denseStart).toISOString()}::timestamptz + make_interval(secs => i * 20)
      from generate_series(0, ${dense - 1}) as i`);
    const history: Answer[] = [];
    let memory: Memory | null = null;
    const rows: (typeof reviewLog.$inferInsert)[] = [];
    for (let i = 0; i < count; i += 1) {
      const given: Answer = { id: randomUUID(), grade: gradeAt(i) as Grade, answeredAt: new Date(timeOf(i)) };
      memory = applyAnswer(memory, given);
      history.push(given);
      if (i < dense) continue;
      rows.push({
        ...given,
        userId,
        cardId: card,
        courseId: deck.courseId,
        mode: "flip",
        ...toSnapshot(memory),
      });
    }
    await db.insert(reviewLog).values(rows);
    if (!memory) throw new Error("no memory");
    await db.insert(cardMemory).values({
      userId,
      cardId: card,
      courseId: deck.courseId,
      ...memory,
      introducedAt: new Date(denseStart),
    });

    // Late by ten answers: within the window, so it counts; the other card's answer is on time.
    const late = answer(card, 1, new Date(timeOf(count - 10) - DAY));
    const onTime = answer(other, 3, now);
    const res = await client.post("/api/reviews/batch", { reviews: [late, onTime] });
    expect(res.status).toBe(200);
    expect((await res.json()).results).toEqual([
      { id: late.id, status: "recorded" },
      { id: onTime.id, status: "recorded" },
    ]);
    expect((await memoryOf(userId, other))?.reps).toBe(1);

    // The memory is the replay of the whole history, the late one in its place, not of the decoys.
    const lateAnswer: Answer = { id: late.id, grade: 1, answeredAt: new Date(late.answeredAt) };
    const expected = replay([...history, lateAnswer]);
    const storedLog = await logOf(userId, card);
    expect(storedLog).toHaveLength(count + 1);
    const fromDecoys = replay(
      storedLog.map((row) => ({ id: row.id, grade: row.grade as Grade, answeredAt: row.answeredAt })),
    );
    expect(fromDecoys?.stability).not.toBe(expected?.stability);
    const after = await memoryOf(userId, card);
    expect(after?.reps).toBe(count + 1);
    expect(after?.due).toEqual(expected?.due);
    expect(after?.stability).toBe(expected?.stability);
    expect(after?.lapses).toBe(expected?.lapses);

    // Late by more answers than the window: recorded (statistics keep it), not counted for memory.
    const veryLate = answer(card, 4, new Date(timeOf(count - recent + 1) + MINUTE));
    const res2 = await client.post("/api/reviews/batch", { reviews: [veryLate] });
    expect((await res2.json()).results).toEqual([{ id: veryLate.id, status: "recorded" }]);
    const [row] = await db
      .select({ counted: reviewLog.counted })
      .from(reviewLog)
      .where(and(eq(reviewLog.userId, userId), eq(reviewLog.id, veryLate.id)));
    expect(row?.counted).toBe(false);
    expect((await memoryOf(userId, card))?.due).toEqual(after?.due);
  });
});

describe("late answers within the window", () => {
  it("give the memory of a replay of the counted answers, and redo the snapshots after them", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    // Two days apart at noon: each answer is the first of its day, and so is each late one.
    const first = utcNoon(now) - 81 * DAY;
    const inOrder = Array.from({ length: 40 }, (_, i) =>
      answer(card, gradeAt(i) as Grade, new Date(first + i * 2 * DAY)),
    );
    expect((await client.post("/api/reviews/batch", { reviews: inOrder })).status).toBe(200);

    const lateInWindow = answer(card, 1, new Date(first + 25 * 2 * DAY + DAY));
    const lateBeyond = answer(card, 1, new Date(first + 2 * 2 * DAY + DAY));
    const res = await client.post("/api/reviews/batch", { reviews: [lateBeyond, lateInWindow] });
    expect((await res.json()).results).toEqual([
      { id: lateBeyond.id, status: "recorded" },
      { id: lateInWindow.id, status: "recorded" },
    ]);

    const log = await logOf(userId, card);
    expect(log.find((row) => row.id === lateBeyond.id)?.counted).toBe(false);
    const counted = log.filter((row) => row.counted);
    expect(counted).toHaveLength(41);
    const expected = replay(
      counted.map((row) => ({ id: row.id, grade: row.grade as Grade, answeredAt: row.answeredAt })),
    );
    const memory = await memoryOf(userId, card);
    expect(memory?.due).toEqual(expected?.due);
    expect(memory?.stability).toBe(expected?.stability);
    // Each counted answer's snapshot is the replay up to it: the next late answer starts from them.
    const last = counted.at(-1);
    expect(last?.memoryDue).toEqual(expected?.due);
    const afterLate = counted.findIndex((row) => row.id === lateInWindow.id);
    const upTo = replay(
      counted
        .slice(0, afterLate + 2)
        .map((row) => ({ id: row.id, grade: row.grade as Grade, answeredAt: row.answeredAt })),
    );
    expect(counted[afterLate + 1]?.memoryStability).toBe(upTo?.stability);
  });
});

describe("answers of one card in one day", () => {
  it(`count up to ${CARD_ANSWERS_PER_DAY_MAX}; more are refused, and the rest of the batch is recorded`, async () => {
    now = new Date("2026-03-10T20:00:00Z");
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    const other = deck.cards[1]?.id ?? 0;
    const day = new Date("2026-03-10T00:00:00Z").getTime();
    const first = Array.from({ length: 40 }, (_, i) => answer(card, 3, new Date(day + i * MINUTE)));
    expect((await client.post("/api/reviews/batch", { reviews: first })).status).toBe(200);
    const more = Array.from({ length: 15 }, (_, i) => answer(card, 3, new Date(day + (100 + i) * MINUTE)));
    const nextDay = answer(card, 3, new Date("2026-03-09T23:59:00Z"));
    const otherCard = answer(other, 3, new Date(day + MINUTE));
    const res = await client.post("/api/reviews/batch", { reviews: [...more, nextDay, otherCard] });
    const { results } = await res.json();
    expect(results.filter((r: { status: string }) => r.status === "recorded")).toHaveLength(12);
    expect(results.slice(10, 15)).toEqual(
      more.slice(10).map((sent) => ({ id: sent.id, status: "refused", reason: "card_answers_per_day" })),
    );
    expect(await logOf(userId, card)).toHaveLength(CARD_ANSWERS_PER_DAY_MAX + 1);

    const single = await client.post("/api/reviews", answer(card, 3, new Date(day + 500 * MINUTE)));
    expect(single.status).toBe(400);
  });
});

describe("answer ids", () => {
  it("are one learner's own: another learner sending the same id first does not hide the answer", async () => {
    now = new Date();
    const a = await signedInClient(app, db);
    const b = await signedInClient(app, db);
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    const sent = answer(card, 3, now);
    expect(await (await b.client.post("/api/reviews/batch", { reviews: [sent] })).json()).toEqual({
      results: [{ id: sent.id, status: "recorded" }],
    });
    expect(await (await a.client.post("/api/reviews/batch", { reviews: [sent] })).json()).toEqual({
      results: [{ id: sent.id, status: "recorded" }],
    });
    expect(await logOf(a.userId, card)).toHaveLength(1);
    expect(await logOf(b.userId, card)).toHaveLength(1);
    expect((await memoryOf(a.userId, card))?.reps).toBe(1);
    // Sent again by either, it is a duplicate of that learner's own.
    expect((await (await a.client.post("/api/reviews", sent)).json()).status).toBe("duplicate");
  });
});

describe("per-learner limits", () => {
  it("answer 429 with Retry-After past the daily answers, record nothing, and leave other learners alone", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const neighbour = await signedInClient(app, db);
    const deck = await createDeck(db);
    const card = deck.cards[0]?.id ?? 0;
    // A day's volume nearly used (set in the database: sending 60,000 answers would take minutes).
    await db
      .insert(rateLimits)
      .values({ key: `reviews:answers:${userId}`, count: REVIEW_LIMITS.answers.max - 1, windowStart: new Date() });

    expect((await client.post("/api/reviews", answer(card, 3, now))).status).toBe(201);
    const batch = [answer(card, 3, now), answer(card, 2, now)];
    const res = await client.post("/api/reviews/batch", { reviews: batch });
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(REVIEW_LIMITS.answers.windowSeconds - 3600);
    expect(wait).toBeLessThanOrEqual(REVIEW_LIMITS.answers.windowSeconds);
    expect((await res.json()).error).toMatchObject({ code: "rate_limited", reason: "review_limit" });
    expect(await logOf(userId, card)).toHaveLength(1);

    expect((await neighbour.client.post("/api/reviews/batch", { reviews: batch })).status).toBe(200);
  });

  it("answer 429 with Retry-After past the requests of a window, on every /api/reviews endpoint", async () => {
    const { client, userId } = await signedInClient(app, db);
    await db
      .insert(rateLimits)
      .values({ key: `reviews:requests:${userId}`, count: REVIEW_LIMITS.requests.max - 1, windowStart: new Date() });
    expect((await client.get("/api/reviews/queue")).status).toBe(200);
    for (const res of [await client.get("/api/reviews/summary"), await client.get("/api/reviews/settings")]) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });
});
