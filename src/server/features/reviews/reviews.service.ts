/**
 * Learning memory (decision 0021): answers go into the append-only review log, and each card's
 * memory row is kept equal to the replay of its log. A batch of answers costs a fixed number of
 * statements whatever its size: lock, card lookup, log insert, memory read, (log read for late
 * answers), memory upsert.
 */

import type { Database, Transaction } from "@server/db/client";
import { cardMemory, courses, decks, flashcards, reviewLog, reviewSettings } from "@server/db/schema";
import { isDatabaseTimeZone } from "@server/db/time-zones";
import { invalidRequest } from "@server/http/errors";
import type { SessionUser } from "@server/http/session";
import {
  ANSWER_MAX_AGE_MS,
  ANSWER_MAX_FUTURE_MS,
  DEFAULT_DESIRED_RETENTION,
  DEFAULT_NEW_CARDS_PER_DAY,
  DEFAULT_REVIEWS_PER_DAY,
  RESPONSE_MS_MAX,
} from "@shared/memory/limits";
import {
  type Answer,
  applyAnswer,
  byAnswerTime,
  type Grade,
  type Memory,
  type MemoryStateName,
  replay,
} from "@shared/memory/scheduler";
import type { ReviewInput, ReviewSettings } from "@shared/schemas/review";
import { and, eq, inArray, sql } from "drizzle-orm";

/** What became of one answer of a batch. */
export type ReviewOutcome =
  | { id: string; status: "recorded" | "duplicate" }
  | { id: string; status: "refused"; reason: "card_not_found" | "answered_in_future" | "answered_too_long_ago" };

type MemoryRow = typeof cardMemory.$inferSelect;

function memoryOf(row: MemoryRow): Memory {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    state: row.state as MemoryStateName,
    reps: row.reps,
    lapses: row.lapses,
    learningSteps: row.learningSteps,
    scheduledDays: row.scheduledDays,
    lastReview: row.lastReview,
  };
}

export async function settingsOf(db: Database | Transaction, userId: string): Promise<ReviewSettings> {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.userId, userId));
  return {
    desiredRetention: row?.desiredRetention ?? DEFAULT_DESIRED_RETENTION,
    newCardsPerDay: row?.newCardsPerDay ?? DEFAULT_NEW_CARDS_PER_DAY,
    reviewsPerDay: row?.reviewsPerDay ?? DEFAULT_REVIEWS_PER_DAY,
    timeZone: row?.timeZone ?? "UTC",
  };
}

export async function saveSettings(db: Database, user: SessionUser, settings: ReviewSettings) {
  // The shared schema asks the browser's (or Node's) list; the statistics ask PostgreSQL's.
  if (!(await isDatabaseTimeZone(db, settings.timeZone))) {
    throw invalidRequest([{ path: ["timeZone"], key: "validation.time_zone_unknown_to_server" }]);
  }
  await db
    .insert(reviewSettings)
    .values({ userId: user.id, ...settings })
    .onConflictDoUpdate({ target: reviewSettings.userId, set: { ...settings, updatedAt: sql`now()` } });
  return settings;
}

function refusal(review: ReviewInput, answeredAt: Date, now: Date): ReviewOutcome | null {
  if (answeredAt.getTime() > now.getTime() + ANSWER_MAX_FUTURE_MS) {
    return { id: review.id, status: "refused", reason: "answered_in_future" };
  }
  if (answeredAt.getTime() < now.getTime() - ANSWER_MAX_AGE_MS) {
    return { id: review.id, status: "refused", reason: "answered_too_long_ago" };
  }
  return null;
}

/**
 * Records answers of the signed-in user. Each is recorded once (a known id is a duplicate); an
 * answer for a card that no longer exists, or with an impossible time, is refused and the rest of
 * the batch still counts (an offline device must be able to empty its outbox).
 */
export async function recordReviews(
  db: Database,
  user: SessionUser,
  reviews: readonly ReviewInput[],
  now: Date,
): Promise<ReviewOutcome[]> {
  return db.transaction(async (tx) => {
    // One learner's answers are applied one batch at a time, so two devices syncing at once
    // cannot both start from the same memory row and overwrite each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reviews:${user.id}`}))`);

    const cardIds = [...new Set(reviews.map((review) => review.cardId))];
    // Their courses first, then the cards: the lock order of every write under a course (a course
    // delete locks the course, then its cascade the cards). Card first deadlocked (#21, item 12).
    const courseIds = (
      await tx
        .selectDistinct({ id: decks.courseId })
        .from(flashcards)
        .innerJoin(decks, eq(decks.id, flashcards.deckId))
        .where(inArray(flashcards.id, cardIds))
    ).map((course) => course.id);
    if (courseIds.length > 0) {
      await tx
        .select({ id: courses.id })
        .from(courses)
        .where(inArray(courses.id, courseIds))
        .orderBy(courses.id)
        .for("key share");
    }
    // Key-share locked: a card deleted meanwhile is deleted before (not found) or after (cascade).
    const cards = await tx
      .select({ id: flashcards.id, courseId: decks.courseId })
      .from(flashcards)
      .innerJoin(decks, eq(decks.id, flashcards.deckId))
      .where(inArray(flashcards.id, cardIds))
      .for("key share", { of: flashcards });
    const courseOfCard = new Map(cards.map((card) => [card.id, card.courseId]));

    const outcomes = new Map<string, ReviewOutcome>();
    const accepted: (typeof reviewLog.$inferInsert)[] = [];
    for (const review of reviews) {
      if (outcomes.has(review.id)) continue; // the same id twice in one batch
      const answeredAt = new Date(review.answeredAt);
      const courseId = courseOfCard.get(review.cardId);
      const refused =
        courseId === undefined
          ? ({ id: review.id, status: "refused", reason: "card_not_found" } as const)
          : refusal(review, answeredAt, now);
      if (refused || courseId === undefined) {
        outcomes.set(review.id, refused ?? { id: review.id, status: "refused", reason: "card_not_found" });
        continue;
      }
      outcomes.set(review.id, { id: review.id, status: "duplicate" });
      accepted.push({
        id: review.id,
        userId: user.id,
        cardId: review.cardId,
        courseId,
        mode: review.mode,
        grade: review.grade,
        responseMs: review.responseMs !== undefined && review.responseMs <= RESPONSE_MS_MAX ? review.responseMs : null,
        answeredAt,
        receivedAt: now,
      });
    }
    if (accepted.length === 0) return [...outcomes.values()];

    // A known id (sent before, by this or any user) inserts nothing and stays a duplicate.
    const inserted = await tx
      .insert(reviewLog)
      .values(accepted)
      .onConflictDoNothing({ target: reviewLog.id })
      .returning({
        id: reviewLog.id,
        cardId: reviewLog.cardId,
        grade: reviewLog.grade,
        answeredAt: reviewLog.answeredAt,
        courseId: reviewLog.courseId,
      });
    if (inserted.length === 0) return [...outcomes.values()];
    for (const row of inserted) outcomes.set(row.id, { id: row.id, status: "recorded" });

    await updateMemory(tx, user.id, inserted);
    return [...outcomes.values()];
  });
}

interface NewAnswer extends Answer {
  cardId: number;
  courseId: number;
}

/** Brings the memory rows of the answered cards up to date with the log. */
async function updateMemory(
  tx: Transaction,
  userId: string,
  inserted: { id: string; cardId: number; courseId: number; grade: number; answeredAt: Date }[],
) {
  const { desiredRetention } = await settingsOf(tx, userId);
  const answersByCard = new Map<number, NewAnswer[]>();
  for (const row of inserted) {
    const answers = answersByCard.get(row.cardId) ?? [];
    answers.push({ ...row, grade: row.grade as Grade });
    answersByCard.set(row.cardId, answers);
  }
  const cardIds = [...answersByCard.keys()];
  const existing = await tx
    .select()
    .from(cardMemory)
    .where(and(eq(cardMemory.userId, userId), inArray(cardMemory.cardId, cardIds)));
  const memoryByCard = new Map(existing.map((row) => [row.cardId, row]));

  // An answer older than the card's last applied one arrived late (another device, an offline
  // phone): that card's memory is replayed from its whole log, in answer-time order.
  const late = cardIds.filter((cardId) => {
    const last = memoryByCard.get(cardId)?.lastReview;
    return last && (answersByCard.get(cardId) ?? []).some((answer) => answer.answeredAt.getTime() <= last.getTime());
  });
  const fullLogs = new Map<number, Answer[]>();
  if (late.length > 0) {
    const rows = await tx
      .select({ id: reviewLog.id, cardId: reviewLog.cardId, grade: reviewLog.grade, answeredAt: reviewLog.answeredAt })
      .from(reviewLog)
      .where(and(eq(reviewLog.userId, userId), inArray(reviewLog.cardId, late)));
    for (const row of rows) {
      const log = fullLogs.get(row.cardId) ?? [];
      log.push({ id: row.id, grade: row.grade as Grade, answeredAt: row.answeredAt });
      fullLogs.set(row.cardId, log);
    }
  }

  const rows: MemoryRow[] = [];
  for (const [cardId, answers] of answersByCard) {
    const known = memoryByCard.get(cardId);
    const fullLog = fullLogs.get(cardId);
    let memory: Memory | null;
    let introducedAt: Date;
    if (fullLog) {
      memory = replay(fullLog, desiredRetention);
      introducedAt = new Date(Math.min(...fullLog.map((answer) => answer.answeredAt.getTime())));
    } else {
      memory = known ? memoryOf(known) : null;
      for (const answer of [...answers].sort(byAnswerTime)) memory = applyAnswer(memory, answer, desiredRetention);
      introducedAt = known?.introducedAt ?? new Date(Math.min(...answers.map((answer) => answer.answeredAt.getTime())));
    }
    if (!memory) continue;
    rows.push({ userId, cardId, courseId: answers[0]?.courseId ?? known?.courseId ?? 0, ...memory, introducedAt });
  }
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await tx
    .insert(cardMemory)
    .values(rows)
    .onConflictDoUpdate({
      target: [cardMemory.userId, cardMemory.cardId],
      set: {
        due: excluded("due"),
        stability: excluded("stability"),
        difficulty: excluded("difficulty"),
        state: excluded("state"),
        reps: excluded("reps"),
        lapses: excluded("lapses"),
        learningSteps: excluded("learning_steps"),
        scheduledDays: excluded("scheduled_days"),
        lastReview: excluded("last_review"),
        introducedAt: excluded("introduced_at"),
      },
    });
}
