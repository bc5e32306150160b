/**
 * One of the signed-in user's full lists, a page at a time ("Show more"). Apart from the hook
 * (get-my-course-list.ts), because the route loader's copy is in the first script and TanStack's
 * infinite-list code is not.
 */

import { courseKeys, type MyCourseList } from "@client/core/cache/keys";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import type { CourseListPage, CourseListSort } from "@shared/schemas/course";

export const LIST_SORTS: readonly CourseListSort[] = ["newest", "oldest", "name"];

/** The order lives in the address (?sort=), so it survives a reload and the back button. */
export const listSort = (params: URLSearchParams): CourseListSort =>
  LIST_SORTS.find((sort) => sort === params.get("sort")) ?? "newest";

export const myCourseListQuery = (list: MyCourseList, sort: CourseListSort) => ({
  queryKey: courseKeys.mine(list, sort),
  initialPageParam: 1,
  queryFn: async ({ pageParam }: { pageParam: number }) =>
    unwrap((await typedApi()).me[list].$get({ query: { sort, page: String(pageParam) } })),
  getNextPageParam: (last: CourseListPage, pages: CourseListPage[]) => (last.hasMore ? pages.length + 1 : undefined),
});
