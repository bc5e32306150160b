import { refresh } from "@client/core/cache/refresh";
import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import type { CourseInput } from "@shared/schemas/course";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** Creates a course, or saves an existing one's name, description and tags. */
export function useSaveCourse(courseId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CourseInput) =>
      courseId === undefined
        ? unwrap(api.courses.$post({ json: input }))
        : unwrap(api.courses[":courseId"].$put({ param: { courseId: String(courseId) }, json: input })).then(() => ({
            id: courseId,
          })),
    // A new course only appears in lists; an edited one also on its page and its decks' pages.
    onSuccess: () =>
      Promise.all([
        refresh.lists(queryClient),
        courseId !== undefined && refresh.course(queryClient, courseId),
        courseId !== undefined && refresh.decksOf(queryClient, courseId),
      ]),
  });
}
