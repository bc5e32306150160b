import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CourseInput } from "../../../../shared/schemas/course";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["courses"] }),
  });
}
