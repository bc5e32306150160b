import { searchKeys } from "@client/core/cache/keys";
import { ApiError, unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { issuesFromZod } from "@shared/errors";
import { searchQuery as searchQuerySchema } from "@shared/schemas/course";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.results(q),
    // The whole reply: the courses, and whether more than these match. A query the server's own
    // rule refuses (over 100 characters) is refused here, with the same issues, without asking.
    queryFn: async () => {
      const checked = searchQuerySchema.safeParse({ q });
      if (!checked.success) {
        throw new ApiError("invalid_request", "Invalid search.", 400, undefined, issuesFromZod(checked.error.issues));
      }
      return unwrap((await typedApi()).search.$get({ query: { q } }));
    },
    enabled: q.trim() !== "",
  });

export function useSearch(q: string) {
  return useQuery(searchQuery(q));
}
