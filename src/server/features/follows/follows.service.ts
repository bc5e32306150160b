import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { courses, followedCourses } from "../../db/schema";
import { HttpError } from "../../http/errors";

/** Idempotent: following twice is following once (unique user and course). */
export async function follow(db: Database, userId: string, courseId: number) {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new HttpError("not_found", "Course not found.");
  await db.insert(followedCourses).values({ userId, courseId }).onConflictDoNothing();
  return { following: true as const };
}

export async function unfollow(db: Database, userId: string, courseId: number) {
  await db
    .delete(followedCourses)
    .where(and(eq(followedCourses.userId, userId), eq(followedCourses.courseId, courseId)));
  return { following: false as const };
}
