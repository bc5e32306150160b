/**
 * Answers on their way to the server. Study screens hand each answer here and go on at once; it
 * lands in the offline outbox (IndexedDB, decision 0025), which sends it in batches shortly after,
 * and again at start, when the connection returns and when the page is shown again. Each answer
 * carries its own id, so a batch sent twice (a reply lost on the way) is recorded once (decision 0021).
 */

import { VISITOR } from "@client/core/offline/offline-db";
import { onSynced, recordAnswerOffline, syncNow } from "@client/core/offline/sync";
import type { ReviewInput } from "@shared/schemas/review";

/** Called after answers reached the server (to refresh the counts that show them). */
export function onAnswersSent(listener: () => void): () => void {
  return onSynced(listener);
}

/** Queues the answer for the signed-in person (`userId`), or for a visitor (null): kept locally. */
export function queueAnswer(answer: ReviewInput, userId: string | null = null) {
  recordAnswerOffline(userId ?? VISITOR, answer).catch((error: unknown) =>
    console.error("Keeping an answer failed", error),
  );
}

/** Sends what is waiting now (before asking the server for the next cards); failures stay queued. */
export async function flushAnswers(): Promise<void> {
  await syncNow();
}
