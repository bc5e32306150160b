import { refresh } from "@client/core/cache/refresh";
import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import type { ImportInput } from "@shared/schemas/imports";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** Sends the whole import in one request; the same `importId` again creates nothing twice. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) => unwrap(api.imports.$post({ json: input })),
    onSuccess: (result) => Promise.all([refresh.lists(queryClient), refresh.course(queryClient, result.courseId)]),
  });
}
