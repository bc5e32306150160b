/**
 * Search as the spec describes it: courses whose name contains the query, courses with a matching
 * tag, courses with a matching deck name; at most 50 courses, each with up to 5 matching decks.
 * Every match is `ILIKE '%q%'`, which the trigram GIN indexes serve (for queries of 3 or more
 * characters; shorter ones are too short for trigrams and scan).
 */
import { asc, desc, ilike, inArray } from "drizzle-orm";
import { SEARCH_DECKS_PER_COURSE, SEARCH_MAX_COURSES, SEARCH_NAME_HITS } from "../../../shared/limits";
import type { SearchResult } from "../../../shared/schemas/course";
import type { Database } from "../../db/client";
import { courses, courseTags, decks } from "../../db/schema";

/** Bounds on the tag and deck hits, so a very common word cannot read the whole catalogue. */
const TAG_HITS = 200;
const DECK_HITS = 500;

/** `%`, `_` and `\` in what people type are plain characters, not patterns. */
export function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export async function searchCourses(db: Database, query: string): Promise<SearchResult[]> {
  const pattern = containsPattern(query);
  const [byName, byTag, deckHits] = await Promise.all([
    db
      .select({ id: courses.id })
      .from(courses)
      .where(ilike(courses.name, pattern))
      .orderBy(desc(courses.followCount), asc(courses.id))
      .limit(SEARCH_NAME_HITS),
    db
      .selectDistinct({ id: courseTags.courseId })
      .from(courseTags)
      .where(ilike(courseTags.tag, pattern))
      .limit(TAG_HITS),
    db
      .select({ id: decks.id, courseId: decks.courseId, name: decks.name })
      .from(decks)
      .where(ilike(decks.name, pattern))
      .orderBy(asc(decks.courseId), asc(decks.level))
      .limit(DECK_HITS),
  ]);

  const ids = [...new Set([...byName.map((c) => c.id), ...byTag.map((c) => c.id), ...deckHits.map((d) => d.courseId)])];
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: courses.id, name: courses.name, description: courses.description })
    .from(courses)
    .where(inArray(courses.id, ids))
    .orderBy(desc(courses.followCount), asc(courses.id))
    .limit(SEARCH_MAX_COURSES);

  return found.map((course) => ({
    ...course,
    decks: deckHits
      .filter((deck) => deck.courseId === course.id)
      .slice(0, SEARCH_DECKS_PER_COURSE)
      .map(({ id, name }) => ({ id, name })),
  }));
}
