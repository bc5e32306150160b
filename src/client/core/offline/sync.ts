/**
 * When the outbox is sent (decision 0025): at start, when the connection comes back (`online`),
 * when the page becomes visible again, every SYNC_INTERVAL_MS, and shortly after each new answer.
 * Only the signed-in person's entries are sent; a visitor's wait to be offered to an account.
 */
import { ApiError, unwrap } from "@client/lib/api";
import { i18n, loadAllTexts } from "@client/lib/i18n";
import { notify } from "@client/lib/notify";
import { typedApi } from "@client/lib/typed-api";
import { CARD_ANSWERS_PER_DAY_MAX } from "@shared/memory/limits";
import { modeReason } from "@shared/memory/recall";
import type { ReviewInput } from "@shared/schemas/review";
import { dropFromQueues } from "./kept";
import { VISITOR } from "./offline-db";
import {
  countWaiting,
  queueAnswer,
  queuePass,
  retryDelayMs,
  type Sender,
  settledIds,
  syncOutbox,
  waitingPasses,
} from "./outbox";

const SEND_DELAY_MS = 500;
const SYNC_INTERVAL_MS = 30_000;
/** The wait after a 429 that says no Retry-After. */
const RATE_LIMITED_DELAY_MS = 60_000;

type Listener = () => void;
const countListeners = new Set<Listener>();
const sentListeners = new Set<Listener>();

let userId: string | null = null;
let waiting = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | undefined;
let again = false;
/** Until when the server asked this device to wait (a 429's Retry-After; a 503 is retried as usual); 0: it did not. */
let pausedUntil = 0;

/** The answers of a batch that a validation error names (`reviews.<index>.…`); all when none is named. */
function malformed(batch: ReviewInput[], error: ApiError): string[] {
  const named = new Set<number>();
  for (const issue of error.issues) {
    const [field, index] = issue.path;
    if (field === "reviews" && typeof index === "number") named.add(index);
  }
  const ids = batch.filter((_, index) => named.has(index)).map((review) => review.id);
  return ids.length > 0 ? ids : batch.map((review) => review.id);
}

let cardCapSaid = false;

/** Said once a page: answers beyond a card's daily cap were not recorded (decision 0038). */
async function sayCardCapReached() {
  if (cardCapSaid) return;
  cardCapSaid = true;
  await loadAllTexts();
  notify.error(i18n.t("offline.card_cap_reached", { count: CARD_ANSWERS_PER_DAY_MAX }));
}

/** The server, for the outbox: the reviews batch endpoint and the progress endpoint. */
const serverSender: Sender = {
  async answers(batch) {
    const api = await typedApi();
    try {
      const { results } = await unwrap(api.reviews.batch.$post({ json: { reviews: batch } }));
      if (results.some((result) => result.status === "refused" && result.reason === "card_answers_per_day")) {
        sayCardCapReached().catch(console.error);
      }
      return settledIds(results);
    } catch (error) {
      // An answer the server can never take (it fails validation) would block the rest for ever:
      // it is dropped, the others of its batch stay and go again.
      if (error instanceof ApiError && error.code === "invalid_request") {
        console.error("The server refused answers it can never take; dropped", error);
        return malformed(batch, error);
      }
      throw error;
    }
  },
  async pass(deckId) {
    const api = await typedApi();
    try {
      await unwrap(api.progress[":deckId"].$post({ param: { deckId: String(deckId) } }));
      return "recorded";
    } catch (error) {
      if (error instanceof ApiError && error.code === "not_found") return "gone";
      throw error;
    }
  },
};

async function refreshCount() {
  const count = userId === null ? 0 : await countWaiting(userId);
  if (count !== waiting) {
    waiting = count;
    for (const listener of countListeners) listener();
  }
}

function setPausedUntil(until: number) {
  if (until === pausedUntil) return;
  pausedUntil = until;
  for (const listener of countListeners) listener();
}

async function run(): Promise<void> {
  const who = userId;
  if (who === null || who === VISITOR) return;
  try {
    const result = await syncOutbox(who, serverSender);
    setPausedUntil(0);
    if (result.answersSent + result.passesSent > 0) for (const listener of sentListeners) listener();
  } catch (error) {
    // Kept for the next try (offline, server away, a limit reached, signed out meanwhile).
    if (error instanceof ApiError && error.code === "rate_limited") {
      // A limit of the server's (decision 0038): nothing is sent before its Retry-After (a retry
      // now would only count against the limit again).
      const delay = retryDelayMs(error) ?? RATE_LIMITED_DELAY_MS;
      setPausedUntil(Date.now() + delay);
      schedule(delay);
    } else {
      setPausedUntil(0);
      if (!(error instanceof ApiError && error.code === "network")) console.error("Sync failed", error);
    }
  } finally {
    await refreshCount().catch(console.error);
  }
}

/**
 * Sends what waits now; a call while a sync runs waits for it and then syncs once more. While the
 * server asked to wait, nothing is sent: the sync scheduled for the end of the wait does it.
 */
export function syncNow(): Promise<void> {
  if (Date.now() < pausedUntil) return running ?? Promise.resolve();
  clearTimeout(timer);
  if (running) {
    again = true;
    return running;
  }
  running = run().finally(() => {
    running = undefined;
    if (again) {
      again = false;
      void syncNow();
    }
  });
  return running;
}

function schedule(delay: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), Math.max(delay, pausedUntil - Date.now()));
}

/** Who is signed in (null while unknown): set by the app shell. A new person syncs at once. */
export function setSyncUser(id: string | null) {
  if (id === userId) return;
  userId = id;
  void syncNow();
}

export function currentSyncUser(): string | null {
  return userId;
}

/** Answers whose IndexedDB write has not finished yet (a page closed right after an answer). */
const unsaved = new Map<string, ReviewInput>();

export async function recordAnswerOffline(owner: string, review: ReviewInput) {
  if (owner !== VISITOR) unsaved.set(review.id, review);
  try {
    await queueAnswer(owner, review);
  } finally {
    unsaved.delete(review.id);
  }
  // A card answered in recall is no longer due: a stored review queue must not offer it again
  // offline. Practice and recognition schedule nothing (decision 0047): a due card stays due.
  if (owner !== VISITOR && modeReason(review.mode) === null) await dropFromQueues(review.cardId);
  await refreshCount();
  if (owner !== VISITOR) schedule(SEND_DELAY_MS);
}

/** Queues a pass and tries to send it; resolves true when it reached the server now. */
export async function recordPassOffline(owner: string, deckId: number, courseId: number): Promise<boolean> {
  await queuePass(owner, deckId, courseId);
  return sendWaitingPass(owner, deckId);
}

/** Syncs now; resolves whether the deck's pass has reached the server (none waits any more). */
export async function sendWaitingPass(owner: string, deckId: number): Promise<boolean> {
  await syncNow();
  return !(await waitingPasses(owner)).some((pass) => pass.deckId === deckId);
}

export function waitingCount(): number {
  return waiting;
}

/** Until when sending waits because the server asked (ms since the epoch), or 0. */
export function syncPausedUntil(): number {
  return pausedUntil;
}

export function onWaitingCountChange(listener: Listener): () => void {
  countListeners.add(listener);
  return () => countListeners.delete(listener);
}

/** Called after answers or passes reached the server (to refresh the counts that show them). */
export function onSynced(listener: Listener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

let started = false;
/** Starts the triggers once per page. */
export function startSync() {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("online", () => void syncNow());
  // The page is going away with answers not yet stored: send them while the page can (the
  // server keeps each id once, so one stored after all is not doubled by the next sync).
  window.addEventListener("pagehide", () => {
    if (unsaved.size === 0 || !navigator.onLine || Date.now() < pausedUntil) return;
    void fetch("/api/reviews/batch", {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reviews: [...unsaved.values()] }),
    }).catch(() => {});
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void syncNow();
  });
  setInterval(() => {
    if (navigator.onLine) void syncNow();
  }, SYNC_INTERVAL_MS);
  void syncNow();
}
