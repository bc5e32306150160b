import { courseKeys } from "@client/core/cache/keys";
import { courseCopy, loadWithOfflineCopy } from "@client/core/offline/offline-copy";
import { fetchJson } from "@client/lib/api";
import type { CourseDetail } from "@shared/schemas/course";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const courseQuery = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.detail(courseId),
    // Offline, a kept course comes from this browser's copy (decision 0025). Plain fetch, not the
    // typed client: a visitor's course page makes no other call, and the client is a few
    // kilobytes of its first load (decision 0034).
    queryFn: () =>
      loadWithOfflineCopy(
        () => fetchJson<CourseDetail>(`/api/courses/${encodeURIComponent(courseId)}`),
        courseCopy(courseId),
      ),
  });

export function useCourse(courseId: string) {
  return useQuery(courseQuery(courseId));
}
