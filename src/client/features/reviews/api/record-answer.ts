import { reviewKeys } from "@client/core/cache/keys";
import { useSession } from "@client/core/session/session";
import { randomId } from "@shared/ids/random-id";
import type { Grade } from "@shared/memory/scheduler";
import type { ReviewMode } from "@shared/schemas/review";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { onAnswersSent, queueAnswer } from "./answer-outbox";

/**
 * What a study screen calls for each answer: right or wrong (or a grade, on the review screen),
 * with the time it took when the screen measured it. A visitor's answers are kept on this browser
 * and offered to the account after signing in (decision 0025).
 */
export function useRecordAnswer(mode: ReviewMode) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => onAnswersSent(() => void queryClient.invalidateQueries({ queryKey: reviewKeys.all })), [queryClient]);
  return useCallback(
    (cardId: number, answer: boolean | Grade, responseMs?: number) => {
      queueAnswer(
        {
          id: randomId(),
          cardId,
          mode,
          grade: typeof answer === "boolean" ? (answer ? 3 : 1) : answer,
          responseMs: responseMs === undefined ? undefined : Math.max(0, Math.round(responseMs)),
          answeredAt: new Date().toISOString(),
        },
        user?.id ?? null,
      );
    },
    [user, mode],
  );
}
