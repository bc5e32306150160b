import { queryOptions, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

/** Under "courses", so every course write refreshes it. */
export const homeListsQuery = () =>
  queryOptions({ queryKey: ["courses", "me", "home"], queryFn: () => unwrap(api.me.home.$get()) });

export function useHomeLists(enabled: boolean) {
  return useQuery({ ...homeListsQuery(), enabled });
}
