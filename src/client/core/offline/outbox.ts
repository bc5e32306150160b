/**
 * The outbox in IndexedDB: answers and test passes given on this browser, kept until the server
 * has them (decision 0025). Each carries the client's id, and the server ignores an id it has
 * recorded (answers) or a deck already passed (passes), so a batch whose reply was lost is simply
 * sent again: nothing is lost and nothing counts twice. An entry leaves the outbox only once a
 * reply says the server has it (or refused it for good, such as a deleted card).
 */

import { randomId } from "@shared/ids/random-id";
import { REVIEW_BATCH_MAX } from "@shared/memory/limits";
import type { ReviewInput } from "@shared/schemas/review";
import type { IDBPTransaction } from "idb";
import {
  ACCOUNT_OUTBOX_MAX,
  type OfflineSchema,
  type OutboxAnswer,
  type OutboxItem,
  type OutboxPass,
  offlineDb,
  VISITOR,
  VISITOR_OUTBOX_MAX,
} from "./offline-db";

export interface Sender {
  /**
   * Sends up to REVIEW_BATCH_MAX answers; resolves with the ids the server has settled (recorded,
   * already had, or refused for good): those leave the outbox, the others stay for the next sync.
   * Throws when there is no such reply (offline, a server error, a limit reached): all stay.
   */
  answers(batch: ReviewInput[]): Promise<readonly string[]>;
  /** Records a pass; resolves "gone" when the deck no longer exists (nothing to keep). */
  pass(deckId: number): Promise<"recorded" | "gone">;
}

let lastQueuedAt = 0;
/** Strictly increasing within a page, so answers given in the same millisecond keep their order. */
function queuedAt(): number {
  lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 0.001);
  return lastQueuedAt;
}

function ownerRange(userId: string, kind: OutboxItem["kind"]) {
  return IDBKeyRange.bound([userId, kind, -Infinity], [userId, kind, Infinity]);
}

/** How many answers of this owner the outbox keeps at most (decision 0035). */
export function outboxMax(userId: string): number {
  return userId === VISITOR ? VISITOR_OUTBOX_MAX : ACCOUNT_OUTBOX_MAX;
}

type OutboxWrite = IDBPTransaction<OfflineSchema, ["outbox"], "readwrite">;

/**
 * Deletes this owner's oldest answers beyond `max`, inside the caller's transaction (so two tabs
 * queueing at once cannot both miss the limit). Passes are never touched.
 */
async function dropOldestAnswers(tx: OutboxWrite, userId: string, max: number): Promise<void> {
  const index = tx.store.index("by-owner");
  const excess = (await index.count(ownerRange(userId, "answer"))) - max;
  let dropped = 0;
  let cursor = excess > 0 ? await index.openCursor(ownerRange(userId, "answer")) : null;
  while (cursor && dropped < excess) {
    await cursor.delete();
    dropped += 1;
    cursor = await cursor.continue();
  }
  if (dropped > 0) console.warn(`Outbox full: dropped the ${dropped} oldest answers kept on this device`);
}

/** Queues an answer; `max` is the owner's cap (tests lower it: 50,000 test writes take seconds). */
export async function queueAnswer(
  userId: string,
  review: ReviewInput,
  name?: string,
  max = outboxMax(userId),
): Promise<void> {
  const item: OutboxAnswer = { kind: "answer", id: review.id, userId, queuedAt: queuedAt(), review };
  const tx = (await offlineDb(name)).transaction("outbox", "readwrite");
  await tx.store.put(item);
  await dropOldestAnswers(tx, userId, max);
  await tx.done;
}

/** Queues a pass, unless one for the deck already waits (the server records a deck once anyway). */
export async function queuePass(userId: string, deckId: number, courseId: number, name?: string): Promise<void> {
  const item: OutboxPass = { kind: "pass", id: randomId(), userId, queuedAt: queuedAt(), deckId, courseId };
  const tx = (await offlineDb(name)).transaction("outbox", "readwrite");
  const waiting = (await tx.store.index("by-owner").getAll(ownerRange(userId, "pass"))) as OutboxPass[];
  if (!waiting.some((pass) => pass.deckId === deckId)) await tx.store.put(item);
  await tx.done;
}

/** How many answers of this person wait for the server. */
export async function countWaiting(userId: string, name?: string): Promise<number> {
  return (await offlineDb(name)).countFromIndex("outbox", "by-owner", ownerRange(userId, "answer"));
}

/** Passes of this person not yet on the server (their decks show as passed meanwhile). */
export async function waitingPasses(userId: string, name?: string): Promise<OutboxPass[]> {
  return (await (
    await offlineDb(name)
  ).getAllFromIndex("outbox", "by-owner", ownerRange(userId, "pass"))) as OutboxPass[];
}

async function nextAnswers(userId: string, name?: string): Promise<OutboxAnswer[]> {
  const db = await offlineDb(name);
  return (await db.getAllFromIndex(
    "outbox",
    "by-owner",
    ownerRange(userId, "answer"),
    REVIEW_BATCH_MAX,
  )) as OutboxAnswer[];
}

async function remove(ids: string[], name?: string): Promise<void> {
  const tx = (await offlineDb(name)).transaction("outbox", "readwrite");
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

export interface SyncResult {
  answersSent: number;
  passesSent: number;
}

/** What becomes of one answer in the server's reply to a batch (decision 0038). */
export interface AnswerOutcome {
  id: string;
  status: string;
}

/** Statuses after which the server will never want the answer again; any other keeps it queued. */
const SETTLED = new Set(["recorded", "duplicate", "refused"]);

/** The ids of a batch reply that may leave the outbox. */
export function settledIds(results: readonly AnswerOutcome[]): string[] {
  return results.filter((result) => SETTLED.has(result.status)).map((result) => result.id);
}

/**
 * How long the server asked to wait (its Retry-After), in milliseconds; null when it
 * did not. The outbox keeps everything meanwhile.
 */
export function retryDelayMs(error: unknown): number | null {
  const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/**
 * Sends this person's outbox: answers in batches of REVIEW_BATCH_MAX in the order given, then
 * passes. Each answer leaves once the server settled it; the rest stay. Stops at the first failure
 * (thrown) with the rest still queued, or when a batch settled nothing: the next call resumes.
 */
export async function syncOutbox(userId: string, sender: Sender, name?: string): Promise<SyncResult> {
  const result: SyncResult = { answersSent: 0, passesSent: 0 };
  for (let batch = await nextAnswers(userId, name); batch.length > 0; batch = await nextAnswers(userId, name)) {
    const sent = new Set(batch.map((item) => item.id));
    const settled = (await sender.answers(batch.map((item) => item.review))).filter((id) => sent.has(id));
    await remove(settled, name);
    result.answersSent += settled.length;
    // Nothing settled (the server wants the batch again later): do not send it again in a loop.
    if (settled.length === 0) break;
  }
  for (const pass of await waitingPasses(userId, name)) {
    await sender.pass(pass.deckId);
    await remove([pass.id], name);
    result.passesSent += 1;
  }
  return result;
}

/** Answers and passes given as a visitor on this browser (offered to an account after sign-in). */
export async function visitorCount(name?: string): Promise<{ answers: number; passes: number }> {
  const db = await offlineDb(name);
  const [answers, passes] = await Promise.all([
    db.countFromIndex("outbox", "by-owner", ownerRange(VISITOR, "answer")),
    db.countFromIndex("outbox", "by-owner", ownerRange(VISITOR, "pass")),
  ]);
  return { answers, passes };
}

/**
 * Gives a visitor's answers and passes to the account that just signed in: they join its outbox,
 * keeping their ids and times (so a merge started twice, in two tabs, still sends each once).
 */
export async function mergeVisitorInto(userId: string, name?: string, max = outboxMax(userId)): Promise<number> {
  if (userId === VISITOR) return 0;
  const tx = (await offlineDb(name)).transaction("outbox", "readwrite");
  const index = tx.store.index("by-owner");
  let moved = 0;
  for (const kind of ["answer", "pass"] as const) {
    let cursor = await index.openCursor(ownerRange(VISITOR, kind));
    while (cursor) {
      await cursor.update({ ...cursor.value, userId });
      moved += 1;
      cursor = await cursor.continue();
    }
  }
  // Up to a visitor's limit joins the account's outbox: it keeps to its own.
  await dropOldestAnswers(tx, userId, max);
  await tx.done;
  return moved;
}

/** The visitor said no: their local answers are dropped. */
export async function discardVisitor(name?: string): Promise<void> {
  const tx = (await offlineDb(name)).transaction("outbox", "readwrite");
  const index = tx.store.index("by-owner");
  for (const kind of ["answer", "pass"] as const) {
    let cursor = await index.openCursor(ownerRange(VISITOR, kind));
    while (cursor) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}
