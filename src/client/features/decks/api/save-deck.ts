/**
 * Deck writes. The course page lists its decks by name, search matches deck names, and "in
 * progress" depends on how many decks a course has: each write refreshes the ones it changes.
 */

import { deckKeys, searchKeys } from "@client/core/cache/keys";
import { refresh } from "@client/core/cache/refresh";
import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import type { DeckCreateInput, DeckDetail, DeckUpdateInput } from "@shared/schemas/deck";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export function useCreateDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, input }: { courseId: number; input: DeckCreateInput }) =>
      unwrap(api.courses[":courseId"].decks.$post({ param: { courseId: String(courseId) }, json: input })),
    onSuccess: (_, { courseId }) =>
      Promise.all([
        refresh.course(queryClient, courseId),
        refresh.progress(queryClient),
        queryClient.invalidateQueries({ queryKey: searchKeys.all }),
      ]),
  });
}

export function useUpdateDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deck, input }: { deck: DeckDetail; input: DeckUpdateInput }) =>
      unwrap(api.decks[":deckId"].$put({ param: { deckId: String(deck.id) }, json: input })),
    onSuccess: (_, { deck }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deckKeys.detail(deck.id) }),
        refresh.course(queryClient, deck.courseId),
        queryClient.invalidateQueries({ queryKey: searchKeys.all }),
      ]),
  });
}

export function useDeleteDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deck: DeckDetail) => unwrap(api.decks[":deckId"].$delete({ param: { deckId: String(deck.id) } })),
    onSuccess: (_, deck) => {
      queryClient.removeQueries({ queryKey: deckKeys.detail(deck.id) });
      return Promise.all([
        refresh.course(queryClient, deck.courseId),
        refresh.progress(queryClient),
        queryClient.invalidateQueries({ queryKey: searchKeys.all }),
      ]);
    },
  });
}
