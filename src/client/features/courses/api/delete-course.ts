import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeckDetail } from "../../../../shared/schemas/deck";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";
import { deckKeys } from "../../decks/api/keys";
import { refresh } from "./invalidate";
import { courseKeys } from "./keys";

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
