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
};
