/**
 * Search as the spec describes it: courses whose name matches the query, courses with a matching
 * tag, courses with a matching deck name; at most 50 courses, most followed first, each with up to
 * 5 matching decks. One statement per search, on the search pool (see db/client.ts), answered from
 * indexes at a million courses (decision 0014):
 *
 * - 3 characters or more: `ILIKE '%q%'` (`%`, `_` and `\` taken literally). The name probe orders
 *   by follow count like courses_follow_count_idx, so PostgreSQL can walk that index for a common
 *   word and stop at the 51st hit, or take the few rows a rare word finds from the trigram index.
 * - 1 or 2 characters have no trigrams and would scan: names and deck names that start with the
 *   query, and tags equal to it, each read from an index on that expression.
 */

import { type Database, searchDatabase } from "@server/db/client";
import type { JsonText } from "@server/http/cache";
import { HttpError } from "@server/http/errors";
import { SEARCH_DECKS_PER_COURSE, SEARCH_MAX_COURSES, SEARCH_NAME_HITS } from "@shared/limits";
import type { SearchReply, SearchResult } from "@shared/schemas/course";
import { cardFactsJson } from "../courses/card-facts";
import { preparedText, type Statement } from "../courses/prepared";

/**
 * Bounds on the tag and deck probes: they add candidates (any of the courses they find, not the
 * most followed ones), and a very common word must not make them read the whole catalogue.
 */
const TAG_NAME_HITS = 50;
const TAG_HITS = 100;
const DECK_HITS = 100;
/** How many of the most followed courses a name search checks before it asks the trigram index. */
const TOP_WALK = 3000;
/** Queries shorter than this have no trigram and take the prefix indexes. */
export const TRIGRAM_MIN_LENGTH = 3;
/** Searches waiting for one of the search connections, per process, before more are refused (503). */
const MAX_WAITING_SEARCHES = 32;

/** `%`, `_` and `\` in what people type are plain characters, not patterns. */
export function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

interface Probes {
  /** Common table expressions the probes use, if any (`name as (…), `). */
  before?: string;
  /** Ids of the most followed courses whose name matches `$1`. */
  byName: string;
  /** Ids of courses with a matching tag. */
  byTag: string;
  /** Ids of courses with a matching deck name. */
  byDeck: string;
  /** The condition on `d` (a deck) that makes it a match. */
  deckMatches: string;
  /** The condition on `f` (a found course) whose name matches. */
  nameMatches: string;
  /** The condition on `t` (a tag row) that matches. */
  tagMatches: string;
}

/**
 * One statement around the probes; the result is `{ items, more }` as JSON text. One course more
 * than is shown is found, so `more` says whether the 50 are all. Each course says why it was found
 * (name, tags, decks): conditions on its own rows, read by course id from their indexes.
 */
function searchStatement(
  name: string,
  { before = "", byName, byTag, byDeck, deckMatches, nameMatches, tagMatches }: Probes,
): Statement {
  return {
    name,
    text: `with ${before}found as (
      select c.id, c.name, c.description, c.follow_count, c.user_id from courses c
      where c.id in ((${byName}) union (${byTag}) union (${byDeck}))
      order by c.follow_count desc, c.id limit ${SEARCH_MAX_COURSES + 1}),
    shown as (select * from found order by follow_count desc, id limit ${SEARCH_MAX_COURSES})
    select json_build_object('items', coalesce(json_agg(json_build_object(
        'id', f.id, 'name', f.name, 'description', f.description,
        ${cardFactsJson("f")},
        'nameMatched', ${nameMatches},
        'tags', coalesce((select json_agg(m.tag order by m.tag) from (select t.tag from course_tags t
                          where t.course_id = f.id and ${tagMatches} order by t.tag limit ${SEARCH_DECKS_PER_COURSE}) m),
                         '[]'::json),
        'decks', coalesce((select json_agg(json_build_object('id', h.id, 'name', h.name) order by h.level)
                           from (select d.id, d.name, d.level from decks d where d.course_id = f.id and ${deckMatches}
                                 order by d.level limit ${SEARCH_DECKS_PER_COURSE}) h), '[]'::json))
      order by f.follow_count desc, f.id), '[]'::json),
      'more', (select count(*) from found) > ${SEARCH_MAX_COURSES})::text as body
    from shown f`,
  };
}

const CONTAINS = searchStatement("search_contains", {
  // The 51 most followed matches, in two steps, because the planner can mistake a rare word for a
  // common one (its estimate comes from a sample of names) and then walk the whole follow-count
  // index for it (0.7 s for one such word at 1M courses). First the TOP_WALK most followed courses
  // are checked, a bounded walk; only if they hold fewer than 51 matches are all matches taken from
  // the trigram index and sorted (the `+ 0` keeps the planner off the follow-count order there).
  before: `walk as (
      select id, follow_count from (select id, name, follow_count from courses
                                    order by follow_count desc, id limit ${TOP_WALK}) top
      where name ilike $1::text order by follow_count desc, id limit ${SEARCH_NAME_HITS}),
    rest as (
      select id from courses where name ilike $1::text and (select count(*) from walk) < ${SEARCH_NAME_HITS}
      order by follow_count + 0 desc, id limit ${SEARCH_NAME_HITS}),
    `,
  byName: "select id from walk union all select id from rest",
  // Per matching tag name, its courses from course_tags_tag_lower_idx (never a scan of course_tags).
  byTag: `select t.course_id
          from (select distinct lower(tag) as tag from tag_names where tag ilike $1::text limit ${TAG_NAME_HITS}) n,
          lateral (select course_id from course_tags where lower(tag) = n.tag order by course_id limit ${TAG_HITS}) t
          limit ${TAG_HITS}`,
  byDeck: `select course_id from decks where name ilike $1::text limit ${DECK_HITS}`,
  deckMatches: "d.name ilike $1::text",
  nameMatches: "f.name ilike $1::text",
  tagMatches: "t.tag ilike $1::text",
});

/** Names and deck names starting with the query (1 or 2 characters), tags equal to it. */
const prefix = (length: 1 | 2) =>
  searchStatement(`search_prefix_${length}`, {
    byName: `select id from courses where left(lower(name), ${length}) = lower($1::text)
             order by left(lower(name), ${length}), follow_count desc, id limit ${SEARCH_NAME_HITS}`,
    // Ordered as their indexes are, so that a common tag or letter stops after the first rows.
    byTag: `select course_id from course_tags where lower(tag) = lower($1::text) order by course_id limit ${TAG_HITS}`,
    byDeck: `select course_id from decks where left(lower(name), ${length}) = lower($1::text)
             order by course_id limit ${DECK_HITS}`,
    deckMatches: `left(lower(d.name), ${length}) = lower($1::text)`,
    nameMatches: `left(lower(f.name), ${length}) = lower($1::text)`,
    tagMatches: "lower(t.tag) = lower($1::text)",
  });
const PREFIX = { 1: prefix(1), 2: prefix(2) } as const;

/** The statements, for the benchmark's EXPLAIN and the plan tests. */
export const SEARCH_STATEMENTS = { contains: CONTAINS, prefix1: PREFIX[1], prefix2: PREFIX[2] };

let waiting = 0;

type SearchJson = JsonText<SearchReply>;

/** Distinct short queries kept at most (letters, digits and kana pairs fit many times over). */
const SHORT_RESULTS_MAX = 5000;
const shortResults = new WeakMap<Database, Map<string, { json: SearchJson; until: number }>>();

export interface SearchOptions {
  /** How long a 1–2 character query's results are kept (0: not kept). */
  shortCacheMs: number;
  now: () => Date;
}

/**
 * Search. A 1–2 character query has few possible values and the widest plan (every course whose
 * name starts so), so its results are kept for a short while (decision 0014): many people typing
 * "b" at once cost one query, not a core each. Longer queries always go to the database.
 */
export async function searchJson(db: Database, query: string, options?: SearchOptions): Promise<SearchJson> {
  const length = [...query].length;
  if (length >= TRIGRAM_MIN_LENGTH || !options || options.shortCacheMs <= 0) return runSearch(db, query, length);
  let cache = shortResults.get(db);
  if (!cache) {
    cache = new Map();
    shortResults.set(db, cache);
  }
  const key = query.toLowerCase();
  const now = options.now().getTime();
  const kept = cache.get(key);
  if (kept && kept.until > now) return kept.json;
  const json = await runSearch(db, query, length);
  cache.delete(key);
  cache.set(key, { json, until: now + options.shortCacheMs });
  // The oldest entry goes first (a Map keeps insertion order).
  if (cache.size > SHORT_RESULTS_MAX) cache.delete(cache.keys().next().value ?? "");
  return json;
}

async function runSearch(db: Database, query: string, length: number): Promise<SearchJson> {
  const [statement, value] =
    length >= TRIGRAM_MIN_LENGTH ? [CONTAINS, containsPattern(query)] : [PREFIX[length === 1 ? 1 : 2], query];
  if (waiting >= MAX_WAITING_SEARCHES) {
    throw new HttpError("unavailable", "Too many searches at once. Please try again in a moment.");
  }
  waiting++;
  try {
    return (await preparedText(searchDatabase(db), statement, [value])) ?? '{"items":[],"more":false}';
  } catch (error) {
    // statement_timeout on the search pool: a query that would hold a connection too long.
    if ((error as { code?: unknown }).code === "57014") {
      throw new HttpError("unavailable", "The search took too long. Please try a longer query.");
    }
    throw error;
  } finally {
    waiting--;
  }
}

export async function searchCourses(db: Database, query: string): Promise<SearchResult[]> {
  return (JSON.parse(await searchJson(db, query)) as SearchReply).items;
}
