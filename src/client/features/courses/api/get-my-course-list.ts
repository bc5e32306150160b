import { useInfiniteQuery } from "@tanstack/react-query";
import type { CourseListSort } from "../../../../shared/schemas/course";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

export type MyCourseList = "courses" | "followed" | "in-progress";

/** One of the signed-in user's full lists, a page at a time ("Show more"). */
export function useMyCourseList(list: MyCourseList, sort: CourseListSort, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ["courses", "me", list, sort],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => unwrap(api.me[list].$get({ query: { sort, page: String(pageParam) } })),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });
}
