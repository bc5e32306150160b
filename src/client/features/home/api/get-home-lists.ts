import { queryOptions, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api";
import { typedApi } from "../../../lib/typed-api";
import { homeKeys } from "./keys";

export const homeListsQuery = () =>
  queryOptions({ queryKey: homeKeys.lists, queryFn: async () => unwrap((await typedApi()).me.home.$get()) });

export function useHomeLists(enabled: boolean) {
  return useQuery({ ...homeListsQuery(), enabled });
}
