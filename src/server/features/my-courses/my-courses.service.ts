/**
 * The signed-in user's lists: own courses, followed courses, courses in progress. Each list is one
 * indexed query whatever its length; full lists come a page at a time. Every list and order is a
 * named prepared statement (decision 0014), built once per database handle.
 */

import { type Database, preparedOnce } from "@server/db/client";
import { courses, decks, followedCourses, nameSortKey, userProgress } from "@server/db/schema";
import { HOME_LIST_SIZE } from "@shared/limits";
import {
  type CourseListPage,
  type CourseListSort,
  type HomeLists,
  LIST_PAGE_SIZE,
  type MyCourseSummary,
} from "@shared/schemas/course";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";

/**
 * The course as its card shows it (card-facts.ts) and the user's progress through it: indexed
 * counts per row of a short page. Written with explicit table names: in a one-table query drizzle
 * leaves columns unqualified, and `id` inside a subquery on decks would be the deck's.
 */
const summary = {
  id: courses.id,
  name: courses.name,
  description: courses.description,
  deckCount: sql<number>`(select count(*)::int from decks cd where cd.course_id = "courses"."id")`.as("deck_count"),
  cardCount: sql<number>`(select count(*)::int from decks cd join flashcards cf on cf.deck_id = cd.id
    where cd.course_id = "courses"."id")`.as("card_count"),
  followCount: courses.followCount,
  ownerName: sql<string | null>`(select cp.display_name from user_profiles cp
    where cp.user_id = "courses"."user_id")`.as("owner_name"),
  passedDecks: sql<number>`(select count(*)::int from user_progress up
    where up.user_id = ${sql.placeholder("userId")} and up.course_id = "courses"."id")`.as("passed_decks"),
};

interface Window {
  limit: number;
  offset: number;
}

/** The statement's parameters, bound at each execution. */
const userId = sql.placeholder("userId");
const window = { limit: sql.placeholder("limit"), offset: sql.placeholder("offset") };

/** A page is fetched with one extra row, to know whether another page follows. */
function pageOf(rows: MyCourseSummary[], limit: number): CourseListPage {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

function windowFor(page: number): Window {
  return { limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE };
}

/** As people read (decision 0029); the own list reads it straight from courses_user_name_key_idx. */
const byName = [asc(nameSortKey(courses.name)), asc(courses.id)];

function ownCourses(db: Database, sort: CourseListSort, { limit, offset }: typeof window) {
  const order =
    sort === "name"
      ? byName
      : sort === "oldest"
        ? [asc(courses.createdAt), asc(courses.id)]
        : [desc(courses.createdAt), desc(courses.id)];
  return db
    .select(summary)
    .from(courses)
    .where(eq(courses.userId, userId))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** "Most recent" for follows is when the user followed the course. */
function followed(db: Database, sort: CourseListSort, { limit, offset }: typeof window) {
  const order =
    sort === "name"
      ? byName
      : sort === "oldest"
        ? [asc(followedCourses.createdAt), asc(followedCourses.id)]
        : [desc(followedCourses.createdAt), desc(followedCourses.id)];
  return db
    .select(summary)
    .from(followedCourses)
    .innerJoin(courses, eq(courses.id, followedCourses.courseId))
    .where(eq(followedCourses.userId, userId))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * In progress: the user passed some decks of the course but not all of them. "Most recent" is the
 * latest pass, so "Jump Back In" leads with what was studied last.
 */
function inProgress(db: Database, sort: CourseListSort, { limit, offset }: typeof window) {
  const passed = db
    .select({
      courseId: userProgress.courseId,
      passed: count().as("passed"),
      lastPass: sql<Date>`max(${userProgress.createdAt})`.as("last_pass"),
    })
    .from(userProgress)
    .where(eq(userProgress.userId, userId))
    .groupBy(userProgress.courseId)
    .as("passed");
  const deckCount: SQL<number> = sql`(select count(*) from ${decks} where ${decks.courseId} = ${courses.id})`;
  const order =
    sort === "name"
      ? byName
      : sort === "oldest"
        ? [asc(passed.lastPass), asc(courses.id)]
        : [desc(passed.lastPass), desc(courses.id)];
  return db
    .select(summary)
    .from(passed)
    .innerJoin(courses, eq(courses.id, passed.courseId))
    .where(and(sql`${passed.passed} < ${deckCount}`))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

const lists = { own: ownCourses, followed, inProgress } as const;
export type ListName = keyof typeof lists;

/** A list's statement as text and parameters (placeholders by name), for the query-plan tests. */
export function listStatement(db: Database, list: ListName, sort: CourseListSort) {
  return lists[list](db, sort, window).toSQL();
}

function run(db: Database, id: string, list: ListName, sort: CourseListSort, { limit, offset }: Window) {
  const statement = preparedOnce(db, `my_${list}_${sort}`, (name) => lists[list](db, sort, window).prepare(name));
  return statement.execute({ userId: id, limit, offset }) as Promise<MyCourseSummary[]>;
}

export async function listPage(db: Database, userId: string, list: ListName, sort: CourseListSort, page: number) {
  const { limit, offset } = windowFor(page);
  const rows = await run(db, userId, list, sort, { limit: limit + 1, offset });
  return pageOf(rows, limit);
}

/** Courses with every deck passed (a course without decks has none to pass, so is not counted). */
function completedCourses(db: Database) {
  const passed = db
    .select({ courseId: userProgress.courseId, passed: count().as("passed") })
    .from(userProgress)
    .where(eq(userProgress.userId, userId))
    .groupBy(userProgress.courseId)
    .as("passed");
  return db
    .select({ completed: count() })
    .from(passed)
    .where(sql`${passed.passed} >= (select count(*) from ${decks} where ${decks.courseId} = ${passed.courseId})`);
}

/** The home page's three lists, newest first, three each, and how many courses are complete. */
export async function homeLists(db: Database, userId: string): Promise<HomeLists> {
  const top = { limit: HOME_LIST_SIZE, offset: 0 };
  const completed = preparedOnce(db, "my_completed_count", (name) => completedCourses(db).prepare(name));
  const [own, progress, follows, [done]] = await Promise.all([
    run(db, userId, "own", "newest", top),
    run(db, userId, "inProgress", "newest", top),
    run(db, userId, "followed", "newest", top),
    completed.execute({ userId }) as Promise<{ completed: number }[]>,
  ]);
  return { own, inProgress: progress, followed: follows, completedCourses: Number(done?.completed ?? 0) };
}
