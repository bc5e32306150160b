import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeckCreateInput, DeckUpdateInput } from "../../../../shared/schemas/deck";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

/**
 * After any deck write the course page and the deck page show the new data, without a reload.
 * Cached pages not on screen are refetched too, so going back to them never shows the old list.
 */
function useInvalidateDecks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["courses"], refetchType: "all" }),
      queryClient.invalidateQueries({ queryKey: ["decks"] }),
    ]);
}

export function useCreateDeck(courseId: number) {
  const invalidate = useInvalidateDecks();
  return useMutation({
    mutationFn: (input: DeckCreateInput) =>
      unwrap(api.courses[":courseId"].decks.$post({ param: { courseId: String(courseId) }, json: input })),
    onSuccess: invalidate,
  });
}

export function useUpdateDeck(deckId: number) {
  const invalidate = useInvalidateDecks();
  return useMutation({
    mutationFn: (input: DeckUpdateInput) =>
      unwrap(api.decks[":deckId"].$put({ param: { deckId: String(deckId) }, json: input })),
    onSuccess: invalidate,
  });
}

export function useDeleteDeck() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDecks();
  return useMutation({
    mutationFn: (deckId: number) => unwrap(api.decks[":deckId"].$delete({ param: { deckId: String(deckId) } })),
    onSuccess: (_, deckId) => {
      queryClient.removeQueries({ queryKey: ["decks", String(deckId)] });
      return invalidate();
    },
  });
}
