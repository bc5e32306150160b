/**
 * Answers on their way to the server. Study screens hand each answer here and go on at once; the
 * outbox sends them in batches (half a second after the last one, at once when the page is
 * hidden) and keeps what failed for the next try. Each answer carries its own id, so a batch sent
 * twice (a reply lost on the way) is recorded once (decision 0021).
 */

import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { REVIEW_BATCH_MAX } from "@shared/memory/limits";
import type { ReviewInput } from "@shared/schemas/review";

const SEND_DELAY_MS = 500;
const RETRY_DELAY_MS = 10_000;

const waiting: ReviewInput[] = [];
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
let sending = false;

/** Called after answers reached the server (to refresh the counts that show them). */
export function onAnswersSent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function queueAnswer(answer: ReviewInput) {
  waiting.push(answer);
  schedule(SEND_DELAY_MS);
}

function schedule(delay: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void send(), delay);
}

async function send(keepalive = false) {
  if (sending || waiting.length === 0) return;
  sending = true;
  const batch = waiting.slice(0, REVIEW_BATCH_MAX);
  try {
    const api = await typedApi();
    await unwrap(api.reviews.batch.$post({ json: { reviews: batch } }, { init: { keepalive } }));
    waiting.splice(0, batch.length);
    for (const listener of listeners) listener();
  } catch {
    // Kept for the next try; a refused answer (card deleted, impossible time) comes back as
    // "refused" in a successful reply, so only network and server failures land here.
    schedule(RETRY_DELAY_MS);
    return;
  } finally {
    sending = false;
  }
  if (waiting.length > 0) schedule(0);
}

if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => void send(true));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void send(true);
  });
}

/** Sends what is waiting now (before asking the server for the next cards); failures stay queued. */
export async function flushAnswers(): Promise<void> {
  clearTimeout(timer);
  while (sending) await new Promise((resolve) => setTimeout(resolve, 50));
  await send();
}
