import type { MyCourseList } from "@client/core/cache/keys";
import { whileSignedIn } from "@client/core/session/get-session";
import type { CourseListSort } from "@shared/schemas/course";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { myCourseListQuery } from "./my-course-list-query";

export function useMyCourseList(list: MyCourseList, sort: CourseListSort, enabled: boolean) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({ ...myCourseListQuery(list, sort), enabled: whileSignedIn(queryClient, enabled) });
}
