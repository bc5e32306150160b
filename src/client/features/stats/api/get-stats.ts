import { reviewKeys } from "@client/core/cache/keys";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** The learner's statistics, for the account or one course; under reviewKeys so an answer refreshes them. */
export const statsQuery = (courseId?: number) =>
  queryOptions({
    queryKey: reviewKeys.stats(courseId),
    queryFn: async () =>
      unwrap((await typedApi()).stats.$get({ query: courseId === undefined ? {} : { courseId: String(courseId) } })),
  });

export function useStats(courseId?: number) {
  return useQuery(statsQuery(courseId));
}
