import { whileSignedIn } from "@client/features/accounts/api/get-session";
import { loadWithOfflineCopy, reviewQueueCopy } from "@client/features/offline/api/offline-copy";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReviewScope, reviewKeys } from "./keys";

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
        reviewQueueCopy(courseId),
      ),
    // A session's queue is taken once: answering changes it, and refetching would reshuffle it.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export function useReviewQueue(courseId?: number) {
  return useQuery(reviewQueueQuery(courseId));
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
