import type { CourseListSort } from "@shared/schemas/course";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { MyCourseList } from "./keys";
import { myCourseListQuery } from "./my-course-list-query";

export function useMyCourseList(list: MyCourseList, sort: CourseListSort, enabled: boolean) {
  return useInfiniteQuery({ ...myCourseListQuery(list, sort), enabled });
}
