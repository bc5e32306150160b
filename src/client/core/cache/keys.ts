/**
 * Every query's cache key, in one place: a write in one feature refreshes what others show
 * (refresh.ts), so the names of the cache are shared, not any one feature's. Lists sit under one
 * prefix, so a write that changes what lists show invalidates them together and leaves every other
 * course's page alone.
 */
import type { CourseListSort } from "@shared/schemas/course";

export const accountKeys = {
  session: ["session"] as const,
  profile: (userId: string) => ["profile", userId] as const,
};

export type MyCourseList = "courses" | "followed" | "in-progress";

export const courseKeys = {
  detail: (courseId: number | string) => ["courses", "detail", String(courseId)] as const,
  /** A course's cards to practise (every deck's, or a random 500). */
  practiceCards: (courseId: number | string) => ["courses", "practice", String(courseId)] as const,
  /** Every list of courses: most followed and the signed-in person's. */
  lists: ["courses", "list"] as const,
  mostFollowed: ["courses", "list", "most-followed"] as const,
  /** One personal list, every order of it; with a sort, that order only. */
  mine: (list: MyCourseList, sort?: CourseListSort) =>
    sort ? (["courses", "list", "me", list, sort] as const) : (["courses", "list", "me", list] as const),
};

export const deckKeys = {
  all: ["decks"] as const,
  detail: (deckId: number | string) => ["decks", String(deckId)] as const,
  /** The deck's hardest cards for its author: under the deck, so what refreshes the deck refreshes them. */
  hardCards: (deckId: number | string) => ["decks", String(deckId), "hard-cards"] as const,
};

export const homeKeys = {
  /** The three short lists of the user home. */
  lists: ["home"] as const,
};

/** Learning memory's queries: the queue, the counts behind "Due today" and progress, settings, statistics. */
export interface ReviewScope {
  courseId?: number;
  deckId?: number;
}

export const reviewKeys = {
  /** Everything an answer can change. */
  all: ["reviews"] as const,
  queue: (courseId?: number) => ["reviews", "queue", courseId ?? "all"] as const,
  summary: (scope: ReviewScope) => ["reviews", "summary", scope.courseId ?? "all", scope.deckId ?? "all"] as const,
  settings: ["reviews", "settings"] as const,
  stats: (courseId?: number) => ["reviews", "stats", courseId ?? "all"] as const,
  examDate: (courseId: number) => ["reviews", "exam-date", courseId] as const,
  /** The learner's own memory model (Statistics): answers count towards it, so it sits under `all`. */
  memoryModel: ["reviews", "memory-model"] as const,
  leeches: (courseId?: number) => ["reviews", "leeches", courseId ?? "all"] as const,
};

export const searchKeys = {
  all: ["search"] as const,
  results: (q: string) => ["search", q] as const,
};
