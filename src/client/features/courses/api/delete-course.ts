import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) =>
      unwrap(api.courses[":courseId"].$delete({ param: { courseId: String(courseId) } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["courses"] }),
  });
}
