/**
 * The outbox's own rules, on fake-indexeddb (an in-memory implementation of the IndexedDB
 * standard, so the real idb code runs): batches of at most REVIEW_BATCH_MAX in the order given,
 * an entry leaves only once the server said so, a cut sync resumes without loss, a visitor's
 * answers merge into the account, and the outbox keeps to its size (decision 0035). The browser
 * tests run the same code against the real server.
 */
import "fake-indexeddb/auto";
import { REVIEW_BATCH_MAX } from "@shared/memory/limits";
import type { ReviewInput } from "@shared/schemas/review";
import { describe, expect, it, vi } from "vitest";
import { ACCOUNT_OUTBOX_MAX, type OutboxAnswer, offlineDb, VISITOR, VISITOR_OUTBOX_MAX } from "./offline-db";
import {
  countWaiting,
  discardVisitor,
  mergeVisitorInto,
  outboxMax,
  queueAnswer,
  queuePass,
  retryDelayMs,
  type Sender,
  settledIds,
  syncOutbox,
  visitorCount,
  waitingPasses,
} from "./outbox";

/** Each test has a database of its own. */
const newDb = () => `outbox-test-${crypto.randomUUID()}`;

function answer(cardId: number, at = Date.now()): ReviewInput {
  return { id: crypto.randomUUID(), cardId, mode: "flip", grade: 3, answeredAt: new Date(at).toISOString() };
}

/** A server that records by id (as the real one does) and can fail the next calls. */
function recordingServer() {
  const recorded = new Map<string, ReviewInput>();
  const passes = new Set<number>();
  const batchSizes: number[] = [];
  let failNext = 0;
  let loseNextReply = 0;
  const sender: Sender = {
    async answers(batch) {
      if (failNext > 0) {
        failNext -= 1;
        throw new Error("network");
      }
      batchSizes.push(batch.length);
      for (const review of batch) if (!recorded.has(review.id)) recorded.set(review.id, review);
      if (loseNextReply > 0) {
        // The server has them; the reply never arrives.
        loseNextReply -= 1;
        throw new Error("connection cut");
      }
      return batch.map((review) => review.id);
    },
    async pass(deckId) {
      passes.add(deckId);
      return "recorded";
    },
  };
  return {
    sender,
    recorded,
    passes,
    batchSizes,
    failNextCalls: (n: number) => {
      failNext = n;
    },
    loseNextReplies: (n: number) => {
      loseNextReply = n;
    },
  };
}

// A thousand IndexedDB transactions (fake-indexeddb) take a second alone and several on a loaded
// 2-core machine running the whole suite: a generous ceiling, never a measure of speed.
describe("outbox", { timeout: 30_000 }, () => {
  it("sends answers in batches of at most REVIEW_BATCH_MAX, oldest first, and empties", async () => {
    const db = newDb();
    const total = REVIEW_BATCH_MAX * 2 + 1;
    const given: ReviewInput[] = [];
    for (let i = 0; i < total; i++) {
      const review = answer(i + 1, Date.now() - (total - i) * 1000);
      given.push(review);
      await queueAnswer("u1", review, db);
    }
    expect(await countWaiting("u1", db)).toBe(total);
    const server = recordingServer();
    const result = await syncOutbox("u1", server.sender, db);
    expect(result.answersSent).toBe(total);
    expect(server.batchSizes).toEqual([REVIEW_BATCH_MAX, REVIEW_BATCH_MAX, 1]);
    expect([...server.recorded.keys()]).toEqual(given.map((review) => review.id));
    expect(await countWaiting("u1", db)).toBe(0);
  });

  it("keeps everything when the server cannot be reached, and sends it on the next try", async () => {
    const db = newDb();
    for (let i = 0; i < 3; i++) await queueAnswer("u1", answer(i + 1), db);
    const server = recordingServer();
    server.failNextCalls(1);
    await expect(syncOutbox("u1", server.sender, db)).rejects.toThrow("network");
    expect(await countWaiting("u1", db)).toBe(3);
    await syncOutbox("u1", server.sender, db);
    expect(server.recorded.size).toBe(3);
    expect(await countWaiting("u1", db)).toBe(0);
  });

  it("resends a batch whose reply was lost: the server has each answer once, none is lost", async () => {
    const db = newDb();
    const total = REVIEW_BATCH_MAX + 20;
    for (let i = 0; i < total; i++) await queueAnswer("u1", answer(i + 1, Date.now() - (total - i)), db);
    const server = recordingServer();
    server.loseNextReplies(1);
    await expect(syncOutbox("u1", server.sender, db)).rejects.toThrow("connection cut");
    // The first batch reached the server but stays queued: the client cannot know.
    expect(server.recorded.size).toBe(REVIEW_BATCH_MAX);
    expect(await countWaiting("u1", db)).toBe(total);
    await syncOutbox("u1", server.sender, db);
    expect(server.recorded.size).toBe(total);
    expect(server.batchSizes).toEqual([REVIEW_BATCH_MAX, REVIEW_BATCH_MAX, 20]);
    expect(await countWaiting("u1", db)).toBe(0);
  });

  it("sends only the given person's entries, and passes after answers", async () => {
    const db = newDb();
    await queueAnswer("u1", answer(1), db);
    await queueAnswer("u2", answer(2), db);
    await queuePass("u1", 7, 3, db);
    await queuePass("u2", 8, 3, db);
    const server = recordingServer();
    const result = await syncOutbox("u1", server.sender, db);
    expect(result).toEqual({ answersSent: 1, passesSent: 1 });
    expect([...server.passes]).toEqual([7]);
    expect(await countWaiting("u2", db)).toBe(1);
    expect((await waitingPasses("u2", db)).map((pass) => pass.deckId)).toEqual([8]);
  });
});

describe("the server's reply, answer by answer (decision 0038)", () => {
  it("drops what the server recorded, already had or refused for good, and keeps the rest for the next sync", async () => {
    const db = newDb();
    const given = [answer(1), answer(2), answer(3), answer(4)];
    for (const review of given) await queueAnswer("u1", review, db);
    const statuses = ["recorded", "duplicate", "refused", "not yet"];
    const batches: string[][] = [];
    const sender: Sender = {
      async answers(batch) {
        batches.push(batch.map((review) => review.id));
        // The fourth answer is one the server cannot settle now (a status this client does not know).
        const status = (id: string) => statuses[given.findIndex((review) => review.id === id)] ?? "?";
        return settledIds(batch.map((review) => ({ id: review.id, status: status(review.id) })));
      },
      pass: async () => "recorded",
    };
    const result = await syncOutbox("u1", sender, db);
    expect(result.answersSent).toBe(3);
    // Sent once more with the others gone, it settled nothing: the sync stops instead of looping.
    expect(batches).toEqual([given.map((review) => review.id), [given[3]?.id]]);
    const kept = (await (await offlineDb(db)).getAll("outbox")) as OutboxAnswer[];
    expect(kept.map((item) => item.id)).toEqual([given[3]?.id]);
  });

  it("keeps everything when the server says to wait (429), and reads how long from Retry-After", async () => {
    const db = newDb();
    for (const cardId of [1, 2, 3]) await queueAnswer("u1", answer(cardId), db);
    const limited = Object.assign(new Error("Too many answers"), { code: "rate_limited", retryAfterSeconds: 120 });
    const sender: Sender = {
      answers: async () => {
        throw limited;
      },
      pass: async () => "recorded",
    };
    await expect(syncOutbox("u1", sender, db)).rejects.toBe(limited);
    expect(await countWaiting("u1", db)).toBe(3);
    expect(retryDelayMs(limited)).toBe(120_000);
    expect(retryDelayMs(new Error("no reply"))).toBeNull();
    expect(retryDelayMs(null)).toBeNull();
  });
});

describe("a visitor's answers", () => {
  it("merge into the account that signs in, keeping their ids, and are then sent", async () => {
    const db = newDb();
    const given = [answer(1), answer(2)];
    for (const review of given) await queueAnswer(VISITOR, review, db);
    await queuePass(VISITOR, 9, 4, db);
    expect(await visitorCount(db)).toEqual({ answers: 2, passes: 1 });

    expect(await mergeVisitorInto("u1", db)).toBe(3);
    expect(await visitorCount(db)).toEqual({ answers: 0, passes: 0 });
    expect(await countWaiting("u1", db)).toBe(2);
    // Merging again (another tab) finds nothing left to move.
    expect(await mergeVisitorInto("u1", db)).toBe(0);

    const server = recordingServer();
    await syncOutbox("u1", server.sender, db);
    expect([...server.recorded.keys()].sort()).toEqual(given.map((review) => review.id).sort());
    expect([...server.passes]).toEqual([9]);
  });

  it("are never sent while nobody is signed in, and can be discarded", async () => {
    const db = newDb();
    await queueAnswer(VISITOR, answer(1), db);
    await queueAnswer("u1", answer(2), db);
    const server = recordingServer();
    await syncOutbox("u1", server.sender, db);
    expect(server.recorded.size).toBe(1);
    expect(await visitorCount(db)).toEqual({ answers: 1, passes: 0 });
    await discardVisitor(db);
    expect(await visitorCount(db)).toEqual({ answers: 0, passes: 0 });
    expect(await mergeVisitorInto("u1", db)).toBe(0);
  });
});

/** Puts `count` answers of `userId` straight into the store, queued at 1, 2, … (one transaction: fast). */
async function fill(db: string, userId: string, count: number): Promise<string[]> {
  const tx = (await offlineDb(db)).transaction("outbox", "readwrite");
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const review = answer(i, Date.UTC(2026, 0, 1) + i);
    ids.push(review.id);
    const item: OutboxAnswer = { kind: "answer", id: review.id, userId, queuedAt: i, review };
    void tx.store.put(item);
  }
  await tx.done;
  return ids;
}

async function storedIds(db: string): Promise<Set<string>> {
  return new Set(await (await offlineDb(db)).getAllKeys("outbox"));
}

describe("the outbox's size (decision 0035)", () => {
  it("keeps a visitor's newest 5,000 answers, dropping the oldest first and never a pass", async () => {
    expect(VISITOR_OUTBOX_MAX).toBe(5_000);
    expect(outboxMax(VISITOR)).toBe(VISITOR_OUTBOX_MAX);
    const db = newDb();
    // The pass is the oldest entry of all: it stays anyway.
    await queuePass(VISITOR, 9, 4, db);
    const ids = await fill(db, VISITOR, VISITOR_OUTBOX_MAX);
    // Someone else's answers on this browser are not the visitor's to count.
    await queueAnswer("u1", answer(1), db);
    expect(await visitorCount(db)).toEqual({ answers: VISITOR_OUTBOX_MAX, passes: 1 });

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const newest = [answer(1), answer(2)];
    for (const review of newest) await queueAnswer(VISITOR, review, db);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();

    expect(await visitorCount(db)).toEqual({ answers: VISITOR_OUTBOX_MAX, passes: 1 });
    const kept = await storedIds(db);
    expect(kept.has(ids[0] ?? "")).toBe(false);
    expect(kept.has(ids[1] ?? "")).toBe(false);
    expect(kept.has(ids[2] ?? "")).toBe(true);
    for (const review of newest) expect(kept.has(review.id)).toBe(true);
    expect(await countWaiting("u1", db)).toBe(1);
    expect((await waitingPasses(VISITOR, db)).map((pass) => pass.deckId)).toEqual([9]);
  });

  it("keeps a signed-in person's newest 50,000, also when a visitor's answers merge in", async () => {
    expect(ACCOUNT_OUTBOX_MAX).toBe(50_000);
    expect(outboxMax("u1")).toBe(ACCOUNT_OUTBOX_MAX);
    const db = newDb();
    // More than a visitor may keep: an account is not held to the visitor's cap.
    const ids = await fill(db, "u1", VISITOR_OUTBOX_MAX + 9);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await queueAnswer("u1", answer(1), db);
    expect(warn).not.toHaveBeenCalled();
    expect(await countWaiting("u1", db)).toBe(VISITOR_OUTBOX_MAX + 10);

    // At the account's cap, shown at a cap of this size (writing 50,000 answers takes seconds here):
    // the same code, given the cap instead of taking outboxMax's.
    const cap = VISITOR_OUTBOX_MAX + 10;
    const visitors = [answer(2), answer(3), answer(4)];
    for (const review of visitors) await queueAnswer(VISITOR, review, db);
    expect(await mergeVisitorInto("u1", db, cap)).toBe(3);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    expect(await countWaiting("u1", db)).toBe(cap);
    const kept = await storedIds(db);
    expect(ids.slice(0, 3).some((id) => kept.has(id))).toBe(false);
    expect(kept.has(ids[3] ?? "")).toBe(true);
    for (const review of visitors) expect(kept.has(review.id)).toBe(true);
  });

  it("keeps one waiting pass per deck, however often the test is passed offline", async () => {
    const db = newDb();
    for (let i = 0; i < 3; i++) await queuePass(VISITOR, 9, 4, db);
    await queuePass(VISITOR, 10, 4, db);
    await queuePass("u1", 9, 4, db);
    expect((await waitingPasses(VISITOR, db)).map((pass) => pass.deckId)).toEqual([9, 10]);
    expect((await waitingPasses("u1", db)).map((pass) => pass.deckId)).toEqual([9]);
  });
});
