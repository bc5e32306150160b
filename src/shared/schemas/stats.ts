import { z } from "zod";
import { entityId } from "./course";
import type { MemoryCounts } from "./review";

export const statsQuery = z.object({ courseId: entityId.optional() });

/** GET /api/stats: days and weeks are the learner's local dates (YYYY-MM-DD; a week by its Monday). */
export interface LearnerStats {
  /** The zone the days are counted in: the learner's, or UTC when the database does not know theirs. */
  timeZone: string;
  /** The learner's stored zone when the database does not know it (the figures are then in UTC). */
  unknownTimeZone?: string;
  reviewsPerDay: { day: string; reviews: number }[];
  retentionPerWeek: { week: string; reviews: number; right: number; rate: number | null }[];
  duePerDay: { day: string; cards: number }[];
  /** The figures every page shows (Home, Review, the course and deck pages), for the same scope. */
  today: MemoryCounts;
  /** New and learning as in `today`; young and mature split its learned cards at three weeks. */
  cardsByState: { new: number; learning: number; young: number; mature: number };
  /** Median time to answer in timed tests, per deck. */
  fluency: { deckId: number; deckName: string; courseId: number; answers: number; medianMs: number }[];
}
