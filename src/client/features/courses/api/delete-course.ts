import { courseKeys, deckKeys } from "@client/core/cache/keys";
import { refresh } from "@client/core/cache/refresh";
import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import type { DeckDetail } from "@shared/schemas/deck";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) =>
      unwrap(api.courses[":courseId"].$delete({ param: { courseId: String(courseId) } })),
    onSuccess: (_, courseId) => {
      // The course and its decks are gone: nothing to refetch, only to forget.
      queryClient.removeQueries({ queryKey: courseKeys.detail(courseId) });
      queryClient.removeQueries({
        queryKey: deckKeys.all,
        predicate: (query) => (query.state.data as DeckDetail | undefined)?.courseId === courseId,
      });
      return Promise.all([refresh.lists(queryClient), refresh.progress(queryClient)]);
    },
  });
}
