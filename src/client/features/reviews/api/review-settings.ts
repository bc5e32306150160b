import { reviewKeys } from "@client/core/cache/keys";
import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import type { ReviewSettings } from "@shared/schemas/review";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export const reviewSettingsQuery = () =>
  queryOptions({ queryKey: reviewKeys.settings, queryFn: () => unwrap(api.reviews.settings.$get()) });

export function useReviewSettings() {
  return useQuery(reviewSettingsQuery());
}

/** Saves the settings; limits and retention change the queue and the counts, so all of them refresh. */
export function useSaveReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReviewSettings) => unwrap(api.reviews.settings.$put({ json: settings })),
    onSuccess: (saved) => {
      queryClient.setQueryData(reviewKeys.settings, saved);
      return queryClient.invalidateQueries({
        queryKey: reviewKeys.all,
        predicate: (q) => q.queryKey[1] !== "settings",
      });
    },
  });
}
