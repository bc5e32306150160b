import { homeKeys } from "@client/core/cache/keys";
import { whileSignedIn } from "@client/core/session/get-session";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";

export const homeListsQuery = () =>
  queryOptions({ queryKey: homeKeys.lists, queryFn: async () => unwrap((await typedApi()).me.home.$get()) });

export function useHomeLists(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({ ...homeListsQuery(), enabled: whileSignedIn(queryClient, enabled) });
}
