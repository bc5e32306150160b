/**
 * A learner's statistics, for the whole account or one course: what they did (reviews per day over
 * a year, retention per week), what is coming (cards due per day), where their cards stand, and how
 * fluent they are in timed tests. Each figure is one grouped query on the learner's own rows.
 */

import { type Database, queryRows } from "@server/db/client";
import { FALLBACK_TIME_ZONE, isDatabaseTimeZone } from "@server/db/time-zones";
import type { SessionUser } from "@server/http/session-user";
import { STATS_FORECAST_DAYS, STATS_HISTORY_DAYS, STATS_RETENTION_WEEKS } from "@shared/memory/limits";
import type { LearnerStats } from "@shared/schemas/stats";
import { sql } from "drizzle-orm";
import { LEARNED_STATE, memoryCounts } from "../reviews/memory-counts";
import { settingsOf } from "../reviews/reviews.service";

/** A review counts as mature once its interval reaches three weeks (Anki's convention). */
const MATURE_DAYS = 21;

export async function learnerStats(
  db: Database,
  user: SessionUser,
  { courseId }: { courseId?: number },
  now: Date,
): Promise<LearnerStats> {
  const { timeZone: chosen } = await settingsOf(db, user.id);
  // A zone stored before the settings were checked against PostgreSQL's list (or one its tz
  // database dropped since) would fail every query below: the figures are then in UTC, and say so.
  const known = await isDatabaseTimeZone(db, chosen);
  const timeZone = known ? chosen : FALLBACK_TIME_ZONE;
  const inCourse = (alias: string) =>
    courseId === undefined ? sql`` : sql` and ${sql.raw(alias)}.course_id = ${courseId}`;
  const nowIso = now.toISOString();

  // New, learning, learned and today's review: the one definition every page uses (decision 0048).
  const counts = await memoryCounts(db, user.id, { courseId }, now);
  const [daily, weekly, forecast, learned, fluency] = await Promise.all([
    queryRows<{ day: string; reviews: number }>(
      db,
      // Grouped by the date, then formatted: formatting every row first cost more than the count.
      sql`select to_char(day, 'YYYY-MM-DD') as day, reviews from (
            select (r.answered_at at time zone ${timeZone})::date as day, count(*)::int as reviews
            from review_log r
            where r.user_id = ${user.id}${inCourse("r")}
              and r.answered_at > ${nowIso}::timestamptz - make_interval(days => ${STATS_HISTORY_DAYS})
            group by 1) days
          order by 1`,
    ),
    queryRows<{ week: string; reviews: number; right: number }>(
      db,
      sql`select to_char(week, 'YYYY-MM-DD') as week, reviews, "right" from (
            select date_trunc('week', r.answered_at at time zone ${timeZone}) as week,
                   count(*)::int as reviews, count(*) filter (where r.grade >= 2)::int as "right"
            from review_log r
            where r.user_id = ${user.id}${inCourse("r")}
              and r.answered_at > ${nowIso}::timestamptz - make_interval(weeks => ${STATS_RETENTION_WEEKS})
            group by 1) weeks
          order by 1`,
    ),
    // Overdue cards count on today.
    queryRows<{ day: string; cards: number }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, cards from (
            select (greatest(m.due, ${nowIso}::timestamptz) at time zone ${timeZone})::date as day, count(*)::int as cards
            from card_memory m
            where m.user_id = ${user.id}${inCourse("m")}
              and m.due < ${nowIso}::timestamptz + make_interval(days => ${STATS_FORECAST_DAYS})
            group by 1) days
          order by 1`,
    ),
    // Learned cards, split by how far ahead they are scheduled.
    queryRows<{ young: number; mature: number }>(
      db,
      sql`select count(*) filter (where m.scheduled_days < ${MATURE_DAYS})::int as young,
                 count(*) filter (where m.scheduled_days >= ${MATURE_DAYS})::int as mature
          from card_memory m
          where m.user_id = ${user.id}${inCourse("m")} and m.state = ${LEARNED_STATE}`,
    ),
    queryRows<{ deck_id: number; deck_name: string; course_id: number; answers: number; median_ms: number }>(
      db,
      sql`select d.id as deck_id, d.name as deck_name, d.course_id, count(*)::int as answers,
                 round(percentile_cont(0.5) within group (order by r.response_ms))::int as median_ms
          from review_log r
          join flashcards f on f.id = r.card_id
          join decks d on d.id = f.deck_id
          where r.user_id = ${user.id}${inCourse("d")} and r.mode = 'test' and r.response_ms is not null
          group by d.id, d.name, d.course_id
          order by d.course_id, d.level`,
    ),
  ]);

  const split = learned[0] ?? { young: 0, mature: 0 };
  return {
    timeZone,
    ...(!known && { unknownTimeZone: chosen }),
    reviewsPerDay: daily,
    retentionPerWeek: weekly.map((week) => ({ ...week, rate: week.reviews ? week.right / week.reviews : null })),
    duePerDay: forecast,
    today: counts,
    cardsByState: { new: counts.new, learning: counts.learning, ...split },
    fluency: fluency.map((row) => ({
      deckId: row.deck_id,
      deckName: row.deck_name,
      courseId: row.course_id,
      answers: row.answers,
      medianMs: row.median_ms,
    })),
  };
}
