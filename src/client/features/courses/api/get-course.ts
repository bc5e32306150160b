import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { courseKeys } from "./keys";

export const courseQuery = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.detail(courseId),
    queryFn: async () => unwrap((await typedApi()).courses[":courseId"].$get({ param: { courseId } })),
  });

export function useCourse(courseId: string) {
  return useQuery(courseQuery(courseId));
}
