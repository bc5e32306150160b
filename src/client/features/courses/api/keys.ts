/**
 * The cache keys of course data, in one place. Lists sit under one prefix, so a write that changes
 * what lists show invalidates them together and leaves every other course's page alone.
 */
import type { CourseListSort } from "@shared/schemas/course";

export type MyCourseList = "courses" | "followed" | "in-progress";

export const courseKeys = {
  detail: (courseId: number | string) => ["courses", "detail", String(courseId)] as const,
  /** Every list of courses: most followed and the signed-in person's. */
  lists: ["courses", "list"] as const,
  mostFollowed: ["courses", "list", "most-followed"] as const,
  /** One personal list, every order of it; with a sort, that order only. */
  mine: (list: MyCourseList, sort?: CourseListSort) =>
    sort ? (["courses", "list", "me", list, sort] as const) : (["courses", "list", "me", list] as const),
};
