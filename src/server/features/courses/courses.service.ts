import { asc, desc } from "drizzle-orm";
import { MOST_FOLLOWED_SHOWN } from "../../../shared/limits";
import type { CourseDetail, CourseSummary } from "../../../shared/schemas/course";
import type { Database } from "../../db/client";
import { courses } from "../../db/schema";
import { HttpError } from "../../http/errors";

/** Top courses by follow count; ties go to the older course so the order is stable. */
export async function listMostFollowedCourses(db: Database): Promise<CourseSummary[]> {
  return db
    .select({ id: courses.id, name: courses.name, description: courses.description })
    .from(courses)
    .orderBy(desc(courses.followCount), asc(courses.id))
    .limit(MOST_FOLLOWED_SHOWN);
}

/** One course with its tags and its decks in level order, in a single query. */
export async function getCourseDetail(db: Database, courseId: number): Promise<CourseDetail> {
  const row = await db.query.courses.findFirst({
    where: (course, { eq }) => eq(course.id, courseId),
    columns: { id: true, name: true, description: true, userId: true, createdAt: true },
    with: {
      tags: { columns: { tag: true }, orderBy: (tag, { asc }) => [asc(tag.id)] },
      decks: { columns: { id: true, name: true, level: true }, orderBy: (deck, { asc }) => [asc(deck.level)] },
    },
  });
  if (!row) throw new HttpError("not_found", "Course not found.");
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ownerId: row.userId,
    createdAt: row.createdAt.toISOString(),
    tags: row.tags.map((t) => t.tag),
    decks: row.decks,
  };
}
