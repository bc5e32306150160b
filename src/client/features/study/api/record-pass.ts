import { refresh } from "@client/features/courses/api/invalidate";
import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import type { DeckDetail } from "@shared/schemas/deck";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** Marks a deck passed for the signed-in person: its tick on the course page, and "in progress". */
export function useRecordPass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deck: DeckDetail) => unwrap(api.progress[":deckId"].$post({ param: { deckId: String(deck.id) } })),
    onSuccess: (_, deck) => Promise.all([refresh.course(queryClient, deck.courseId), refresh.progress(queryClient)]),
  });
}
