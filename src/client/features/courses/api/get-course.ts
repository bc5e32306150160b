import { queryOptions, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

export const courseQuery = (courseId: string) =>
  queryOptions({
    queryKey: ["courses", "detail", courseId],
    queryFn: () => unwrap(api.courses[":courseId"].$get({ param: { courseId } })),
  });

export function useCourse(courseId: string) {
  return useQuery(courseQuery(courseId));
}
