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

export const leechesQuery = z.object({ courseId: entityId.optional() });

/** A card the learner keeps forgetting: lapses at or above LEECH_LAPSES (shared/memory/limits.ts). */
export interface Leech {
  cardId: number;
  question: string;
  answer: string;
  courseId: number;
  courseName: string;
  /** The languages of its course's sides (decision 0052). */
  questionLanguage: string;
  answerLanguage: string;
  deckId: number;
  deckName: string;
  lapses: number;
}

/** GET /api/stats/leeches: the most forgotten first, at most LEECHES_SHOWN, and how many there are. */
export interface Leeches {
  total: number;
  cards: Leech[];
}

/** One card of a deck as all its learners (the author aside) remember it; no learner is named. */
export interface HardCard {
  cardId: number;
  question: string;
  answer: string;
  /** Learners who have answered it (each has a memory of it). */
  learners: number;
  /** Of those, learners who forgot it at least once after learning it. */
  forgotBy: number;
  /** forgotBy / learners. */
  share: number;
  /** Times forgotten, all learners together. */
  lapses: number;
}

/**
 * GET /api/decks/:deckId/hard-cards, for the course's owner: the deck's cards most often forgotten,
 * among the cards at least `minLearners` learners have answered (decision 0045).
 */
export interface DeckHardCards {
  minLearners: number;
  /** Cards answered by at least minLearners learners (the ones measured). */
  measured: number;
  /** Cards answered by some learners, but fewer than minLearners. */
  belowFloor: number;
  /** The hardest measured cards that some learner forgot, hardest first (at most HARD_CARDS_SHOWN). */
  cards: HardCard[];
}
