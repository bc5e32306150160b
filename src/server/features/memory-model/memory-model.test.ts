import { randomUUID } from "node:crypto";
import { memoryModels, reviewLog } from "@server/db/schema";
import { createDeck, follow } from "@server/test/factories";
import { signedInClient, signInAs, TestClient } from "@server/test/http-client";
import { syntheticReviewLog } from "@server/test/synthetic-review-log";
import { createTestApp, setupTestApp } from "@server/test/test-app";
import { OPTIMISE_MIN_ANSWERS } from "@shared/memory/limits";
import { DEFAULT_PARAMETERS, PARAMETER_COUNT } from "@shared/memory/scheduler";
import type { MemoryModelStatus } from "@shared/schemas/memory-model";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { settingsOf } from "../reviews/reviews.service";
import { Optimiser } from "./optimiser";
import { OptimiserProcess } from "./optimiser-process";
import { TrainingSetBuilder } from "./training-set";

const { database } = await setupTestApp();
const { db } = database;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** About 500 answers over some seven weeks, four new cards a day (shared/memory synthetic learner). */
const LOG = syntheticReviewLog({ answers: 500, newPerDay: 4 });
const CARDS = new Set(LOG.map((answer) => answer.card)).size;
const lastAnswer = LOG.at(-1)?.answeredAt.getTime() ?? 0;

let now = new Date(lastAnswer + DAY);
const clock = () => now;
/**
 * The optimiser as in production (a fit is checked for after answers and runs in the background),
 * but checking after every answer instead of every 10 minutes, so each answer of a test counts.
 */
const optimiser = new Optimiser(db, clock, { automatic: true, checkEveryMs: 0 });
const app = createTestApp(db, { clock }, { optimiser });
afterAll(() => optimiser.close());

/** A signed-in learner following a course whose cards carry `answers` of the synthetic log (counted or not). */
async function learnerWith(answers: number, { counted = true } = {}) {
  const learner = await signedInClient(app, db);
  const deck = await createDeck(db, { cards: CARDS });
  await follow(db, learner.userId, deck.courseId);
  const rows = LOG.slice(0, answers).map((answer) => ({
    id: randomUUID(),
    userId: learner.userId,
    cardId: deck.cards[answer.card]?.id ?? 0,
    courseId: deck.courseId,
    mode: "review",
    grade: answer.grade,
    answeredAt: answer.answeredAt,
    counted,
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(reviewLog).values(rows.slice(i, i + 500));
  return { ...learner, deck };
}

/** One more answer through the API, as the review screen sends it. */
async function answerOne(client: TestClient, cardId: number) {
  const res = await client.post("/api/reviews", {
    id: randomUUID(),
    cardId,
    mode: "review",
    grade: 3,
    answeredAt: now.toISOString(),
  });
  expect(res.status).toBe(201);
}

async function status(client: TestClient): Promise<MemoryModelStatus> {
  const res = await client.get("/api/stats/memory-model");
  expect(res.status).toBe(200);
  return res.json();
}

async function modelRow(userId: string) {
  const [row] = await db.select().from(memoryModels).where(eq(memoryModels.userId, userId));
  return row;
}

describe("your own memory model (decision 0046)", () => {
  it("is fitted in the background after answers once there are enough, and then schedules", async () => {
    now = new Date(lastAnswer + DAY);
    const { client, userId, deck } = await learnerWith(LOG.length);
    const before = await status(client);
    expect(before).toMatchObject({ state: "ready", answers: OPTIMISE_MIN_ANSWERS, enabled: true, inUse: false });
    expect(before.fit).toBeNull();
    const defaultQueue = await (await client.get(`/api/reviews/queue?courseId=${deck.courseId}`)).json();

    // The answer is recorded at once; the fit follows in the background.
    await answerOne(client, deck.cards[0]?.id ?? 0);
    await optimiser.idle();

    const row = await modelRow(userId);
    expect(row?.status).toBe("done");
    expect(row?.lastError).toBeNull();
    expect(row?.parameters).toHaveLength(PARAMETER_COUNT);
    expect(row?.parameters?.every(Number.isFinite)).toBe(true);
    expect(row?.parameters).not.toEqual([...DEFAULT_PARAMETERS]);
    expect(row?.answersUsed).toBe(LOG.length + 1);

    const after = await status(client);
    expect(after.state).toBe("done");
    expect(after.inUse).toBe(true);
    expect(after.fit?.answersUsed).toBe(LOG.length + 1);
    expect(after.fit?.optimisedAt).toBe(now.toISOString());
    // The made-up learner forgets faster than the defaults say: their own weights predict better.
    expect(after.fit?.better).toBe(true);
    expect(after.fit?.personal.logLoss).toBeLessThan(after.fit?.defaults.logLoss ?? 0);
    expect(after.fit?.personal.rmse).toBeGreaterThan(0);

    // The learner's scheduler uses their weights: new cards' intervals change.
    expect((await settingsOf(db, userId)).parameters).toEqual(row?.parameters);
    const ownQueue = await (await client.get(`/api/reviews/queue?courseId=${deck.courseId}`)).json();
    const newCard = (queue: { cards: { state: string; intervals: Record<string, number> }[] }) =>
      queue.cards.find((card) => card.state === "new")?.intervals;
    expect(newCard(ownQueue)).toBeDefined();
    expect(newCard(ownQueue)).not.toEqual(newCard(defaultQueue));

    // Turned off: the defaults schedule again, and the weights are kept for turning it back on.
    const off = await client.put("/api/stats/memory-model", { enabled: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ enabled: false, inUse: false, state: "done" });
    expect((await settingsOf(db, userId)).parameters).toBeNull();
    expect(newCard(await (await client.get(`/api/reviews/queue?courseId=${deck.courseId}`)).json())).toEqual(
      newCard(defaultQueue),
    );
    expect(await (await client.put("/api/stats/memory-model", { enabled: true })).json()).toMatchObject({
      enabled: true,
      inUse: true,
    });
    expect((await settingsOf(db, userId)).parameters).toEqual(row?.parameters);

    // The review settings do not carry the weights.
    const settings = await (await client.get("/api/reviews/settings")).json();
    expect(settings).not.toHaveProperty("parameters");
  });

  it("is fitted again after 30 days or 1,000 new answers, not at every answer", async () => {
    now = new Date(lastAnswer + DAY);
    const { client, userId, deck } = await learnerWith(LOG.length);
    await answerOne(client, deck.cards[0]?.id ?? 0);
    await optimiser.idle();
    const fittedAt = now.getTime();
    expect((await modelRow(userId))?.optimisedAt?.getTime()).toBe(fittedAt);

    // A day later, a few more answers: no new fit.
    now = new Date(fittedAt + DAY);
    for (const card of deck.cards.slice(1, 4)) await answerOne(client, card.id);
    await optimiser.idle();
    expect((await modelRow(userId))?.optimisedAt?.getTime()).toBe(fittedAt);

    // 30 days after the last run, an answer: fitted again, on the new answers too.
    now = new Date(fittedAt + 30 * DAY);
    await answerOne(client, deck.cards[4]?.id ?? 0);
    await optimiser.idle();
    const refitted = await modelRow(userId);
    expect(refitted?.optimisedAt?.getTime()).toBe(now.getTime());
    expect(refitted?.answersUsed).toBe(LOG.length + 5);

    // The next day, 999 new counted answers (998 stored as a synced device leaves them, one sent): not yet;
    // two more and one sent, over 1,000: fitted again.
    now = new Date(now.getTime() + DAY);
    const more = Array.from({ length: 1000 }, (_, i) => ({
      id: randomUUID(),
      userId,
      cardId: deck.cards[i % deck.cards.length]?.id ?? 0,
      courseId: deck.courseId,
      mode: "review",
      grade: 3,
      answeredAt: new Date(now.getTime() - DAY + i * 1000),
    }));
    await db.insert(reviewLog).values(more.slice(0, 998));
    await answerOne(client, deck.cards[5]?.id ?? 0);
    await optimiser.idle();
    expect((await modelRow(userId))?.optimisedAt?.getTime()).toBe(refitted?.optimisedAt?.getTime());
    await db.insert(reviewLog).values(more.slice(998));
    await answerOne(client, deck.cards[6]?.id ?? 0);
    await optimiser.idle();
    expect((await modelRow(userId))?.optimisedAt?.getTime()).toBe(now.getTime());
  });

  it("is not fitted for a learner with too few counted answers, automatically or on request", async () => {
    now = new Date(lastAnswer + DAY);
    const few = await learnerWith(OPTIMISE_MIN_ANSWERS - 2);
    await answerOne(few.client, few.deck.cards[0]?.id ?? 0);
    await optimiser.idle();
    expect(await modelRow(few.userId)).toBeUndefined();
    expect(await status(few.client)).toMatchObject({
      state: "collecting",
      answers: OPTIMISE_MIN_ANSWERS - 1,
      fit: null,
      inUse: false,
    });
    const refused = await few.client.post("/api/stats/memory-model/optimise");
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatchObject({ code: "conflict", reason: "not_enough_answers" });
    expect(await modelRow(few.userId)).toBeUndefined();

    // Answers that do not count for memory do not count here either.
    const uncounted = await learnerWith(LOG.length, { counted: false });
    await answerOne(uncounted.client, uncounted.deck.cards[0]?.id ?? 0);
    await optimiser.idle();
    expect(await modelRow(uncounted.userId)).toBeUndefined();
    expect((await status(uncounted.client)).answers).toBe(1);
  });

  it("optimises now on request, at most once an hour", async () => {
    now = new Date(lastAnswer + DAY);
    const { client, userId } = await learnerWith(LOG.length);
    const asked = await client.post("/api/stats/memory-model/optimise");
    expect(asked.status).toBe(202);
    // Queued, running, or (a small fit is quick) already done by the time the reply is made.
    expect(["queued", "running", "done"]).toContain(((await asked.json()) as MemoryModelStatus).state);
    await optimiser.idle();
    expect((await modelRow(userId))?.status).toBe("done");
    expect((await status(client)).nextRequestAt).toBe(new Date(now.getTime() + HOUR).toISOString());

    now = new Date(now.getTime() + 20 * 60 * 1000);
    const again = await client.post("/api/stats/memory-model/optimise");
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toBe(String(40 * 60));
    expect((await again.json()).error.reason).toBe("optimise_once_an_hour");

    now = new Date(now.getTime() + 40 * 60 * 1000);
    expect((await client.post("/api/stats/memory-model/optimise")).status).toBe(202);
    await optimiser.idle();
  });

  it("keeps the defaults and records the error when a fit fails", async () => {
    now = new Date(lastAnswer + DAY);
    // A real fit stopped by its time limit: its child process is killed mid-run.
    const hasty = new Optimiser(db, clock, { automatic: false, timeoutMs: 1 });
    const hastyApp = createTestApp(db, { clock }, { optimiser: hasty });
    try {
      const { userId } = await learnerWith(LOG.length);
      const client = new TestClient(hastyApp);
      await signInAs(client, db, userId);
      expect((await client.post("/api/stats/memory-model/optimise")).status).toBe(202);
      await hasty.idle();
      const row = await modelRow(userId);
      expect(row?.status).toBe("failed");
      expect(row?.lastError).toMatch(/time limit/);
      expect(row?.parameters).toBeNull();
      expect((await settingsOf(db, userId)).parameters).toBeNull();
      expect(await status(client)).toMatchObject({ state: "failed", inUse: false, fit: null });
    } finally {
      await hasty.close();
    }
  });

  it("fits in a child process, one at a time, and a stopped optimiser kills the one running", async () => {
    const builder = new TrainingSetBuilder();
    const byCard = [...LOG].sort((a, b) => a.card - b.card || a.answeredAt.getTime() - b.answeredAt.getTime());
    for (const answer of byCard) {
      builder.add({ cardId: answer.card, grade: answer.grade, day: Math.floor(answer.answeredAt.getTime() / DAY) });
    }
    const set = builder.build();
    const runner = new OptimiserProcess({ timeoutMs: 120_000 });
    const fitted = await runner.run(set);
    expect(fitted.result.parameters).toHaveLength(PARAMETER_COUNT);
    expect(fitted.result.items).toBeGreaterThan(0);

    // A new child for the next fit; while it runs, no second one.
    const running = runner.run(set);
    await expect(runner.run(set)).rejects.toThrow(/already running/);
    await runner.close();
    await expect(running).rejects.toThrow(/stopped: the server is stopping/);
    await expect(runner.run(set)).rejects.toThrow(/optimiser is stopped/);
  });

  it("schedules with the defaults when the stored weights cannot schedule, and still records answers", async () => {
    now = new Date(lastAnswer + DAY);
    const { client, userId, deck } = await learnerWith(10);
    for (const parameters of [[1, 2, 3], DEFAULT_PARAMETERS.map((w, i) => (i === 3 ? Number.NaN : w))]) {
      await db
        .insert(memoryModels)
        .values({ userId, status: "done", parameters, optimisedAt: now })
        .onConflictDoUpdate({ target: memoryModels.userId, set: { parameters } });
      expect((await settingsOf(db, userId)).parameters).toBeNull();
      await answerOne(client, deck.cards[2]?.id ?? 0);
      const queue = await client.get(`/api/reviews/queue?courseId=${deck.courseId}`);
      expect(queue.status).toBe(200);
      expect((await status(client)).inUse).toBe(false);
    }
  });

  it("is only ever the signed-in learner's own", async () => {
    const visitor = new TestClient(app);
    expect((await visitor.get("/api/stats/memory-model")).status).toBe(401);
    expect((await visitor.put("/api/stats/memory-model", { enabled: false })).status).toBe(401);
    expect((await visitor.post("/api/stats/memory-model/optimise")).status).toBe(401);

    now = new Date(lastAnswer + DAY);
    const fitted = await learnerWith(LOG.length);
    await db
      .insert(memoryModels)
      .values({ userId: fitted.userId, status: "done", parameters: [...DEFAULT_PARAMETERS] });
    const other = await signedInClient(app, db);
    expect(await status(other.client)).toMatchObject({ state: "collecting", answers: 0, fit: null, enabled: true });
    // The other learner's switch changes only their own row.
    expect((await other.client.put("/api/stats/memory-model", { enabled: false })).status).toBe(200);
    expect((await modelRow(fitted.userId))?.enabled).toBe(true);
    expect((await modelRow(other.userId))?.enabled).toBe(false);

    const bad = await other.client.put("/api/stats/memory-model", { enabled: "yes" });
    expect(bad.status).toBe(400);
    expect((await modelRow(other.userId))?.enabled).toBe(false);
  });
});
