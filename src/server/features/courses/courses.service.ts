import { and, asc, desc, eq } from "drizzle-orm";
import { MOST_FOLLOWED_SHOWN } from "../../../shared/limits";
import type { CourseDetail, CourseSummary } from "../../../shared/schemas/course";
import type { Database, Transaction } from "../../db/client";
import { courses, courseTags, followedCourses, userProgress } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { SessionUser } from "../../http/session";

export const OWNER_ONLY = "Only the owner of this course can change it.";

/** Top courses by follow count; ties go to the older course so the order is stable. */
export async function listMostFollowedCourses(db: Database): Promise<CourseSummary[]> {
  return db
    .select({ id: courses.id, name: courses.name, description: courses.description })
    .from(courses)
    .orderBy(desc(courses.followCount), asc(courses.id))
    .limit(MOST_FOLLOWED_SHOWN);
}

/**
 * Locks the course row for the rest of the transaction and checks that `user` owns it. The lock
 * also serialises writes under one course (two decks created at once get different levels).
 */
export async function lockOwnCourse(tx: Transaction, user: SessionUser, courseId: number) {
  const [course] = await tx
    .select({ id: courses.id, userId: courses.userId })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for("update");
  if (!course) throw new HttpError("not_found", "Course not found.");
  if (course.userId !== user.id) throw new HttpError("forbidden", OWNER_ONLY);
  return course;
}

type ValidCourseInput = { name: string; description: string; tags: string[] };

export async function createCourse(db: Database, user: SessionUser, input: ValidCourseInput) {
  return db.transaction(async (tx) => {
    const [course] = await tx
      .insert(courses)
      .values({ userId: user.id, name: input.name, description: input.description })
      .returning({ id: courses.id });
    if (!course) throw new Error("course insert returned nothing");
    if (input.tags.length) await tx.insert(courseTags).values(input.tags.map((tag) => ({ courseId: course.id, tag })));
    return course;
  });
}

/** Name, description and the whole tag list, replaced together or not at all. */
export async function updateCourse(db: Database, user: SessionUser, courseId: number, input: ValidCourseInput) {
  await db.transaction(async (tx) => {
    await lockOwnCourse(tx, user, courseId);
    await tx.update(courses).set({ name: input.name, description: input.description }).where(eq(courses.id, courseId));
    await tx.delete(courseTags).where(eq(courseTags.courseId, courseId));
    if (input.tags.length) await tx.insert(courseTags).values(input.tags.map((tag) => ({ courseId, tag })));
  });
}

/** Its decks, cards, tags, follows and progress go with it (foreign keys cascade). */
export async function deleteCourse(db: Database, user: SessionUser, courseId: number) {
  await db.transaction(async (tx) => {
    await lockOwnCourse(tx, user, courseId);
    await tx.delete(courses).where(eq(courses.id, courseId));
  });
}

/** One course with its tags and its decks in level order; with the viewer's passes and follow. */
export async function getCourseDetail(
  db: Database,
  courseId: number,
  viewer: SessionUser | null,
): Promise<CourseDetail> {
  const [row, passed, follow] = await Promise.all([
    db.query.courses.findFirst({
      where: (course, { eq }) => eq(course.id, courseId),
      columns: { id: true, name: true, description: true, userId: true, createdAt: true },
      with: {
        tags: { columns: { tag: true }, orderBy: (tag, { asc }) => [asc(tag.id)] },
        decks: { columns: { id: true, name: true, level: true }, orderBy: (deck, { asc }) => [asc(deck.level)] },
      },
    }),
    viewer
      ? db
          .select({ deckId: userProgress.deckId })
          .from(userProgress)
          .where(and(eq(userProgress.userId, viewer.id), eq(userProgress.courseId, courseId)))
      : [],
    viewer
      ? db
          .select({ id: followedCourses.id })
          .from(followedCourses)
          .where(and(eq(followedCourses.userId, viewer.id), eq(followedCourses.courseId, courseId)))
      : [],
  ]);
  if (!row) throw new HttpError("not_found", "Course not found.");
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ownerId: row.userId,
    createdAt: row.createdAt.toISOString(),
    tags: row.tags.map((t) => t.tag),
    decks: row.decks,
    viewer: viewer ? { passedDeckIds: passed.map((p) => p.deckId), following: follow.length > 0 } : null,
  };
}
