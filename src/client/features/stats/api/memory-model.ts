import { reviewKeys } from "@client/core/cache/keys";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import type { MemoryModelStatus } from "@shared/schemas/memory-model";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** While a fit waits or runs, the status is asked for again this often. */
const FITTING_POLL_MS = 3000;

const fitting = (status: MemoryModelStatus | undefined) => status?.state === "queued" || status?.state === "running";

/** The learner's own memory model (decision 0046); under reviewKeys, so an answer refreshes it. */
export const memoryModelQuery = () =>
  queryOptions({
    queryKey: reviewKeys.memoryModel,
    queryFn: async () => unwrap((await typedApi()).stats["memory-model"].$get()),
    refetchInterval: (query) => (fitting(query.state.data) ? FITTING_POLL_MS : false),
  });

export function useMemoryModel() {
  return useQuery(memoryModelQuery());
}

/**
 * The switch and "Optimise now": the reply is the new status. The switch changes the review
 * queue's intervals, so everything under reviewKeys refreshes after it.
 */
export function useSetMemoryModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      unwrap((await typedApi()).stats["memory-model"].$put({ json: { enabled } })),
    onSuccess: (status) => {
      queryClient.setQueryData(reviewKeys.memoryModel, status);
      return queryClient.invalidateQueries({
        queryKey: reviewKeys.all,
        predicate: (q) => q.queryKey[1] !== "memory-model",
      });
    },
  });
}

export function useOptimiseMemoryModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap((await typedApi()).stats["memory-model"].optimise.$post()),
    onSuccess: (status) => queryClient.setQueryData(reviewKeys.memoryModel, status),
  });
}
