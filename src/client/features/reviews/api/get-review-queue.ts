import { type ReviewScope, reviewKeys } from "@client/core/cache/keys";
import { loadWithOfflineCopy, reviewQueueCopy } from "@client/core/offline/offline-copy";
import { whileSignedIn } from "@client/core/session/get-session";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { mergeQueues } from "../lib/merge-queues";

export const reviewQueueQuery = (courseId?: number) =>
  queryOptions({
    queryKey: reviewKeys.queue(courseId),
    // Offline, the queue last read (kept courses store theirs) less the cards answered since (decision 0025).
    queryFn: () =>
      loadWithOfflineCopy(
        async () =>
          unwrap(
            (await typedApi()).reviews.queue.$get({
              query: courseId === undefined ? {} : { courseId: String(courseId) },
            }),
          ),
        reviewQueueCopy(courseId, mergeQueues),
      ),
    // A session takes its own snapshot of the queue (lib/review-session): answering shrinks the
    // server's queue, and a list that shrinks under the screen's position skipped cards.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** The queue as the server sends it: a page of the session's cards, and the session's counts. */
export type ReviewQueue = Awaited<ReturnType<NonNullable<ReturnType<typeof reviewQueueQuery>["queryFn"]>>>;
export type QueueCard = ReviewQueue["cards"][number];

/** The review screen's first page; `enabled` false once its session holds the cards (no refetch). */
export function useReviewQueue(courseId?: number, enabled = true) {
  return useQuery({ ...reviewQueueQuery(courseId), enabled });
}

const toQuery = (scope: ReviewScope) => ({
  ...(scope.courseId === undefined ? {} : { courseId: String(scope.courseId) }),
  ...(scope.deckId === undefined ? {} : { deckId: String(scope.deckId) }),
});

export const reviewSummaryQuery = (scope: ReviewScope) =>
  queryOptions({
    queryKey: reviewKeys.summary(scope),
    queryFn: async () => unwrap((await typedApi()).reviews.summary.$get({ query: toQuery(scope) })),
  });

/** Due today, new today, started and learned cards; only asked for when someone is signed in. */
export function useReviewSummary(scope: ReviewScope, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({ ...reviewSummaryQuery(scope), enabled: whileSignedIn(queryClient, enabled) });
}
