import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { searchKeys } from "./keys";

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.results(q),
    queryFn: async () => (await unwrap((await typedApi()).search.$get({ query: { q } }))).items,
    enabled: q.trim() !== "",
  });

export function useSearch(q: string) {
  return useQuery(searchQuery(q));
}
