import { queryOptions, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ["courses", "search", q],
    queryFn: () => unwrap(api.search.$get({ query: { q } })).then((body) => body.items),
  });

export function useSearch(q: string) {
  return useQuery({ ...searchQuery(q), enabled: q.trim() !== "" });
}
