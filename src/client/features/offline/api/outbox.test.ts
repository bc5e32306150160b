/**
 * The outbox's own rules, on fake-indexeddb (an in-memory implementation of the IndexedDB
 * standard, so the real idb code runs): batches of at most REVIEW_BATCH_MAX in the order given,
 * an entry leaves only once the server said so, a cut sync resumes without loss, and a visitor's
 * answers merge into the account. The browser tests run the same code against the real server.
 */
import "fake-indexeddb/auto";
import { REVIEW_BATCH_MAX } from "@shared/memory/limits";
import type { ReviewInput } from "@shared/schemas/review";
import { describe, expect, it } from "vitest";
import { VISITOR } from "./offline-db";
import {
  countWaiting,
  discardVisitor,
  mergeVisitorInto,
  queueAnswer,
  queuePass,
  type Sender,
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

describe("outbox", () => {
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
