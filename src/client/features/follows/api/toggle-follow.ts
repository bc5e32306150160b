import { courseKeys, homeKeys } from "@client/core/cache/keys";
import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** Follow or unfollow: the star on the course page, the followed lists and the most followed. */
export function useToggleFollow(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean): Promise<{ following: boolean }> => {
      const param = { courseId: String(courseId) };
      return follow
        ? unwrap(api.follows[":courseId"].$put({ param }))
        : unwrap(api.follows[":courseId"].$delete({ param }));
    },
    onSuccess: () =>
      Promise.all(
        [courseKeys.detail(courseId), courseKeys.mine("followed"), courseKeys.mostFollowed, homeKeys.lists].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
