import { reviewKeys } from "@client/core/cache/keys";
import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** The learner's exam date for a course, with its forecast (decision 0049). */
export function useExamDate(courseId: number) {
  return useQuery({
    queryKey: reviewKeys.examDate(courseId),
    queryFn: () => unwrap(api.reviews["exam-dates"][":courseId"].$get({ param: { courseId: String(courseId) } })),
  });
}

/** Sets (a date) or removes (null) the exam date; the queue and every count change with it. */
export function useSaveExamDate(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (examOn: string | null) => {
      const param = { courseId: String(courseId) };
      return unwrap(
        examOn === null
          ? api.reviews["exam-dates"][":courseId"].$delete({ param })
          : api.reviews["exam-dates"][":courseId"].$put({ param, json: { examOn } }),
      );
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(reviewKeys.examDate(courseId), saved);
      return queryClient.invalidateQueries({
        queryKey: reviewKeys.all,
        predicate: (q) => q.queryKey[1] !== "exam-date" && q.queryKey[1] !== "settings",
      });
    },
  });
}
