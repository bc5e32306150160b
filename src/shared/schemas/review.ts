import { z } from "zod";
import { MAX_CARDS_PER_DAY, MAX_DESIRED_RETENTION, MIN_DESIRED_RETENTION, REVIEW_BATCH_MAX } from "../memory/limits";
import { entityId } from "./course";

/** How the answer was given: a study mode, the timed test, or the review screen. */
export const REVIEW_MODES = ["flip", "choice", "matching", "tiles", "test", "review", "write", "practice"] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

/**
 * One answer, as a client records it. The id is the client's (a UUID), so sending the same answer
 * twice records it once. The time bounds (future, age) are checked by the server against its clock.
 */
export const reviewInput = z.object({
  id: z.uuid("validation.review_id_invalid"),
  cardId: entityId,
  mode: z.enum(REVIEW_MODES, "validation.review_mode_invalid"),
  grade: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], "validation.review_grade_invalid"),
  /** From the question (or its options) appearing to the answer; absent when unknown. */
  responseMs: z.number().int().min(0, "validation.review_response_time_invalid").optional(),
  answeredAt: z.iso.datetime({ offset: true, message: "validation.review_time_invalid" }),
});
export type ReviewInput = z.output<typeof reviewInput>;

export const reviewBatchInput = z.object({
  reviews: z
    .array(reviewInput)
    .min(1, "validation.review_batch_empty")
    .max(REVIEW_BATCH_MAX, "validation.review_batch_too_large"),
});

/** One course, one deck, or (neither) everything the learner studies. */
export const reviewQueueQuery = z.object({ courseId: entityId.optional(), deckId: entityId.optional() });
/** One deck, one course, or (neither) everything the learner studies. */
export const reviewSummaryQuery = z.object({ courseId: entityId.optional(), deckId: entityId.optional() });

export const reviewSettingsInput = z.object({
  desiredRetention: z
    .number("validation.retention_out_of_range")
    .min(MIN_DESIRED_RETENTION, "validation.retention_out_of_range")
    .max(MAX_DESIRED_RETENTION, "validation.retention_out_of_range"),
  newCardsPerDay: z
    .number("validation.cards_per_day_out_of_range")
    .int("validation.cards_per_day_out_of_range")
    .min(0, "validation.cards_per_day_out_of_range")
    .max(MAX_CARDS_PER_DAY, "validation.cards_per_day_out_of_range"),
  reviewsPerDay: z
    .number("validation.cards_per_day_out_of_range")
    .int("validation.cards_per_day_out_of_range")
    .min(0, "validation.cards_per_day_out_of_range")
    .max(MAX_CARDS_PER_DAY, "validation.cards_per_day_out_of_range"),
  /** IANA time zone: where the learner's day starts and ends, for the daily limits. */
  timeZone: z.string().refine(isTimeZone, "validation.time_zone_invalid"),
});
export type ReviewSettings = z.output<typeof reviewSettingsInput>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The figures about a learner's memory, one definition for every page (decision 0048; the server's
 * reviews/memory-counts.ts says what each one is).
 */
export interface MemoryCounts {
  /** Cards never recalled. */
  new: number;
  /** Recalled, still in short-term steps. */
  learning: number;
  /** In long-term review, scheduled days ahead. */
  learned: number;
  /** Learning + learned. */
  studied: number;
  /** Due at this moment. */
  dueNow: number;
  /** Today's review: due cards within the reviews left today (add newToday for the whole session). */
  dueToday: number;
  /** New cards the learner may still start today. */
  newToday: number;
  /** When the next card not in today's review falls due; null when none is scheduled. */
  nextDueAt: string | null;
}

/**
 * "Due today" as every page says it (Home, the header's badge, Review, Statistics, the course and
 * deck pages): the due cards and today's new cards, the session the review screen starts with.
 */
export const todaysReviewCount = (counts: Pick<MemoryCounts, "dueToday" | "newToday">) =>
  counts.dueToday + counts.newToday;

/** PUT /api/reviews/exam-dates/:courseId: the exam's day in the learner's time zone. */
export const examDateInput = z.object({ examOn: z.iso.date("validation.exam_date_invalid") });

/** GET /api/reviews/exam-dates/:courseId: the learner's exam date for a course, with its forecast. */
export interface ExamDate {
  examOn: string | null;
  /** The course's cards, and how many of them FSRS expects remembered when the exam day begins. */
  cards: number;
  remembered: number;
}
