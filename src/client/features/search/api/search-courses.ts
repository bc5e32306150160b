import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { searchKeys } from "./keys";

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.results(q),
    // The whole reply: the courses, and whether more than these match.
    queryFn: async () => unwrap((await typedApi()).search.$get({ query: { q } })),
    enabled: q.trim() !== "",
  });

export function useSearch(q: string) {
  return useQuery(searchQuery(q));
}
