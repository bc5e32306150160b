import { z } from "zod";
import { entityId } from "./course";

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
  cardsByState: { new: number; learning: number; young: number; mature: number };
  /** Median time to answer in timed tests, per deck. */
  fluency: { deckId: number; deckName: string; courseId: number; answers: number; medianMs: number }[];
}
