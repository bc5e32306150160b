import { refresh } from "@client/core/cache/refresh";
import { VISITOR } from "@client/core/offline/offline-db";
import { recordPassOffline, sendWaitingPass } from "@client/core/offline/sync";
import { useSession } from "@client/core/session/session";
import type { DeckDetail } from "@shared/schemas/deck";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * Marks a deck passed: its tick on the course page, and "in progress". The pass goes through the
 * offline outbox (decision 0025): sent at once when the server can be reached, else kept on this
 * device and sent when the connection returns. Resolves `synced: false` when it is waiting. A
 * visitor's pass is kept too, and offered to the account after signing in.
 */
export function useRecordPass() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async (deck: DeckDetail) => ({
      synced: await recordPassOffline(user?.id ?? VISITOR, deck.id, deck.courseId),
    }),
    // Waiting, the course page reads its kept copy, which shows the pass too.
    onSuccess: ({ synced }, deck) =>
      synced
        ? Promise.all([refresh.course(queryClient, deck.courseId), refresh.progress(queryClient)])
        : refresh.course(queryClient, deck.courseId),
  });
}

/** Sends a pass that waits on this device now (the passed screen's retry); resolves `synced`. */
export function useSendWaitingPass() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async (deck: DeckDetail) => ({ synced: await sendWaitingPass(user?.id ?? VISITOR, deck.id) }),
    onSuccess: ({ synced }, deck) =>
      synced ? Promise.all([refresh.course(queryClient, deck.courseId), refresh.progress(queryClient)]) : undefined,
  });
}
