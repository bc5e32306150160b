import { type Database, queryRows, type Transaction } from "@server/db/client";
import { courses, courseTags, userProfiles } from "@server/db/schema";
import type { JsonText } from "@server/http/cache";
import { HttpError } from "@server/http/errors";
import type { SessionUser } from "@server/http/session-user";
import type { CardLanguage } from "@shared/card-languages";
import { DEFAULT_LANGUAGE, MOST_FOLLOWED_SHOWN, PRACTICE_MAX_CARDS } from "@shared/limits";
import { type CourseCardSummary, type CourseDetail, type CoursePracticeCards, tagKey } from "@shared/schemas/course";
import { eq, sql } from "drizzle-orm";
import { cardFactsJson } from "./card-facts";
import { preparedText, type Statement } from "./prepared";

export const OWNER_ONLY = "Only the owner of this course can change it.";

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

type ValidCourseInput = {
  name: string;
  description: string;
  tags: string[];
  questionLanguage?: CardLanguage | undefined;
  answerLanguage?: CardLanguage | undefined;
};

/**
 * A new course's side languages: as given, else its author's interface language (decision 0052; the
 * course form always sends them, an API client or an import may not).
 */
export async function newCourseLanguages(
  tx: Transaction,
  user: SessionUser,
  input: Pick<ValidCourseInput, "questionLanguage" | "answerLanguage">,
) {
  const { questionLanguage, answerLanguage } = input;
  if (questionLanguage && answerLanguage) return { questionLanguage, answerLanguage };
  const [profile] = await tx
    .select({ language: userProfiles.language })
    .from(userProfiles)
    .where(eq(userProfiles.userId, user.id));
  const fallback = profile?.language ?? DEFAULT_LANGUAGE;
  return { questionLanguage: questionLanguage ?? fallback, answerLanguage: answerLanguage ?? fallback };
}

/**
 * Stores a course's tags (already trimmed and distinct ignoring case: the shared schema) in the
 * spelling other courses already use, so "japanese" joins "Japanese" and the site has one tag: the
 * spelling of the first course that used it. One probe of course_tags' index on (lower(tag),
 * course_id) per tag, in one statement: a tag on 100,000 courses costs what a new one does.
 */
export async function insertCourseTags(tx: Transaction, courseId: number, tags: readonly string[]) {
  if (tags.length === 0) return;
  const keys = [...new Set(tags.map((tag) => tag.toLowerCase()))];
  const wanted = sql.join(
    keys.map((key) => sql`(${key})`),
    sql`, `,
  );
  const rows = await queryRows<{ tag: string }>(
    tx,
    sql`
    select first.tag from (values ${wanted}) as wanted(key)
    cross join lateral (
      select ct.tag from course_tags ct where lower(ct.tag) = wanted.key order by ct.course_id limit 1
    ) as first`,
  );
  const spelling = new Map<string, string>();
  for (const { tag } of rows) if (!spelling.has(tagKey(tag))) spelling.set(tagKey(tag), tag);
  await tx.insert(courseTags).values(tags.map((tag) => ({ courseId, tag: spelling.get(tagKey(tag)) ?? tag })));
}

export async function createCourse(db: Database, user: SessionUser, input: ValidCourseInput) {
  return db.transaction(async (tx) => {
    const [course] = await tx
      .insert(courses)
      .values({
        userId: user.id,
        name: input.name,
        description: input.description,
        ...(await newCourseLanguages(tx, user, input)),
      })
      .returning({ id: courses.id });
    if (!course) throw new Error("course insert returned nothing");
    await insertCourseTags(tx, course.id, input.tags);
    return course;
  });
}

/** Name, description and the whole tag list, replaced together or not at all. */
export async function updateCourse(db: Database, user: SessionUser, courseId: number, input: ValidCourseInput) {
  await db.transaction(async (tx) => {
    await lockOwnCourse(tx, user, courseId);
    await tx
      .update(courses)
      .set({
        name: input.name,
        description: input.description,
        // Left out, a side keeps its language.
        ...(input.questionLanguage && { questionLanguage: input.questionLanguage }),
        ...(input.answerLanguage && { answerLanguage: input.answerLanguage }),
      })
      .where(eq(courses.id, courseId));
    await tx.delete(courseTags).where(eq(courseTags.courseId, courseId));
    await insertCourseTags(tx, courseId, input.tags);
  });
}

/** Its decks, cards, tags, follows and progress go with it (foreign keys cascade). */
export async function deleteCourse(db: Database, user: SessionUser, courseId: number) {
  await db.transaction(async (tx) => {
    await lockOwnCourse(tx, user, courseId);
    await tx.delete(courses).where(eq(courses.id, courseId));
  });
}

/**
 * One course with its tags and its decks in level order, and what the viewer (the session of
 * `$2`, a verified session token or null) has to do with it: one statement, JSON built by
 * PostgreSQL. Matches `CourseDetail`.
 */
export const COURSE_DETAIL: Statement = {
  name: "course_detail",
  text: `select json_build_object(
    'id', c.id, 'name', c.name, 'description', c.description, 'ownerId', c.user_id,
    'questionLanguage', c.question_language, 'answerLanguage', c.answer_language,
    'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'tags', coalesce((select json_agg(t.tag order by t.id) from course_tags t where t.course_id = c.id), '[]'::json),
    'decks', coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name, 'level', d.level,
                         'description', d.description,
                         'cardCount', (select count(*) from flashcards f where f.deck_id = d.id)) order by d.level)
                       from decks d where d.course_id = c.id), '[]'::json),
    'viewer', (select json_build_object(
        'passedDeckIds', coalesce((select json_agg(p.deck_id order by p.id) from user_progress p
                                   where p.user_id = s.user_id and p.course_id = c.id), '[]'::json),
        'following', exists (select 1 from followed_courses f where f.user_id = s.user_id and f.course_id = c.id))
      from sessions s where s.token = $2::text and s.expires_at > now())
  )::text as body
  from courses c where c.id = $1::integer`,
};

/** The top courses by follow count, ties to the older course, as `{ items }`: an index read of three rows. */
export const MOST_FOLLOWED: Statement = {
  name: "most_followed",
  text: `select json_build_object('items', coalesce(json_agg(json_build_object(
      'id', c.id, 'name', c.name, 'description', c.description, ${cardFactsJson("c")})
      order by c.follow_count desc, c.id), '[]'::json))::text as body
  from (select id, name, description, follow_count, user_id from courses
        order by follow_count desc, id limit ${MOST_FOLLOWED_SHOWN}) c`,
};

/** The course page's JSON text; `sessionToken` is the viewer's verified token (null for visitors). */
export async function courseDetailJson(
  db: Database,
  courseId: number,
  sessionToken: string | null,
): Promise<JsonText<CourseDetail>> {
  const body = await preparedText(db, COURSE_DETAIL, [courseId, sessionToken]);
  if (body === undefined) throw new HttpError("not_found", "Course not found.");
  return body;
}

/**
 * A course's cards to practise (issue #23 item 4), for anyone who can see the course: every card
 * in deck order, or PRACTICE_MAX_CARDS of them at random when it holds more (a course may hold
 * COURSE_MAX_CARDS). One statement through the course's decks (decks_course_level_idx) and each
 * deck's cards (flashcards_deck_id_idx). Matches `CoursePracticeCards`.
 */
export const COURSE_PRACTICE_CARDS: Statement = {
  name: "course_practice_cards",
  text: `select json_build_object(
    'courseId', c.id, 'courseName', c.name,
    'questionLanguage', c.question_language, 'answerLanguage', c.answer_language,
    'total', (select count(*) from decks d join flashcards f on f.deck_id = d.id where d.course_id = c.id),
    'cards', coalesce((select json_agg(json_build_object(
        'id', p.id, 'deckId', p.deck_id, 'question', p.question, 'answer', p.correct_answer) order by p.level, p.id)
      from (select f.id, f.deck_id, d.level, f.question, f.correct_answer
            from decks d join flashcards f on f.deck_id = d.id
            where d.course_id = c.id order by random() limit ${PRACTICE_MAX_CARDS}) p), '[]'::json)
  )::text as body
  from courses c where c.id = $1::integer`,
};

export async function coursePracticeJson(db: Database, courseId: number): Promise<JsonText<CoursePracticeCards>> {
  const body = await preparedText(db, COURSE_PRACTICE_CARDS, [courseId]);
  if (body === undefined) throw new HttpError("not_found", "Course not found.");
  return body;
}

export async function mostFollowedJson(db: Database): Promise<JsonText<{ items: CourseCardSummary[] }>> {
  return (await preparedText(db, MOST_FOLLOWED, [])) ?? '{"items":[]}';
}

/** The course page as an object (tests and callers that need the value, not the text). */
export async function getCourseDetail(
  db: Database,
  courseId: number,
  sessionToken: string | null,
): Promise<CourseDetail> {
  return JSON.parse(await courseDetailJson(db, courseId, sessionToken)) as CourseDetail;
}
