import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

/** Follow or unfollow; lists and the course page update without a reload. */
export function useToggleFollow(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean): Promise<{ following: boolean }> => {
      const param = { courseId: String(courseId) };
      return follow
        ? unwrap(api.follows[":courseId"].$put({ param }))
        : unwrap(api.follows[":courseId"].$delete({ param }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["courses"] }),
  });
}
