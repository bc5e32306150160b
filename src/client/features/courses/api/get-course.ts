import { courseCopy, loadWithOfflineCopy } from "@client/features/offline/api/offline-copy";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { courseKeys } from "./keys";

export const courseQuery = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.detail(courseId),
    // Offline, a kept course comes from this browser's copy (decision 0025).
    queryFn: () =>
      loadWithOfflineCopy(
        async () => unwrap((await typedApi()).courses[":courseId"].$get({ param: { courseId } })),
        courseCopy(courseId),
      ),
  });

export function useCourse(courseId: string) {
  return useQuery(courseQuery(courseId));
}
