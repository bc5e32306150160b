import { reviewKeys } from "@client/core/cache/keys";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** The learner's leeches, for the account or one course; under reviewKeys so an answer refreshes them. */
export const leechesQuery = (courseId?: number) =>
  queryOptions({
    queryKey: reviewKeys.leeches(courseId),
    queryFn: async () =>
      unwrap(
        (await typedApi()).stats.leeches.$get({ query: courseId === undefined ? {} : { courseId: String(courseId) } }),
      ),
  });

export function useLeeches(courseId?: number) {
  return useQuery(leechesQuery(courseId));
}
