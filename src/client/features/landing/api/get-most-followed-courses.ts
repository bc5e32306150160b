import { courseKeys } from "@client/core/cache/keys";
import { fetchJson } from "@client/lib/api";
import type { CourseCardSummary } from "@shared/schemas/course";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const mostFollowedCoursesQuery = () =>
  queryOptions({
    queryKey: courseKeys.mostFollowed,
    // Plain fetch, not the typed client: the landing page makes no other call, and the client is
    // a few kilobytes of its first load.
    queryFn: () => fetchJson<{ items: CourseCardSummary[] }>("/api/courses/most-followed").then((body) => body.items),
  });

export function useMostFollowedCourses() {
  return useQuery(mostFollowedCoursesQuery());
}
