import type { Database } from "@server/db/client";
import { courses, followedCourses } from "@server/db/schema";
import { HttpError } from "@server/http/errors";
import { and, eq } from "drizzle-orm";

/**
 * Idempotent: following twice is following once (unique user and course). The course row is
 * share-locked so a delete running at the same moment ends in a 404, never a foreign-key error.
 */
export async function follow(db: Database, userId: string, courseId: number) {
  await db.transaction(async (tx) => {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for("key share");
    if (!course) throw new HttpError("not_found", "Course not found.");
    await tx.insert(followedCourses).values({ userId, courseId }).onConflictDoNothing();
  });
  return { following: true as const };
}

export async function unfollow(db: Database, userId: string, courseId: number) {
  await db
    .delete(followedCourses)
    .where(and(eq(followedCourses.userId, userId), eq(followedCourses.courseId, courseId)));
  return { following: false as const };
}
