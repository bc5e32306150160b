/**
 * Learning memory (decisions 0021, 0038, 0047): answers go into the append-only review log, and
 * each card's memory row is kept equal to the replay of its counted answers; which answers count is
 * shared/memory/recall.ts's rule (recall only; one scheduling answer per card and day). A batch costs a fixed
 * number of statements whatever its size, and a late answer a bounded replay whatever the log's
 * length: it starts from the snapshot stored on the answer before it, within the card's newest
 * LATE_ANSWER_WINDOW answers.
 */

import { type Database, queryRows, type Transaction } from "@server/db/client";
import {
  cardMemory,
  courses,
  decks,
  flashcards,
  memoryModels,
  reviewLog,
  reviewSettings,
  users,
} from "@server/db/schema";
import { isDatabaseTimeZone } from "@server/db/time-zones";
import { invalidRequest } from "@server/http/errors";
import type { SessionUser } from "@server/http/session-user";
import {
  ANSWER_MAX_AGE_MS,
  ANSWER_MAX_FUTURE_MS,
  CARD_ANSWERS_PER_DAY_MAX,
  DEFAULT_DESIRED_RETENTION,
  DEFAULT_NEW_CARDS_PER_DAY,
  DEFAULT_REVIEWS_PER_DAY,
  LATE_ANSWER_WINDOW,
  RESPONSE_MS_MAX,
} from "@shared/memory/limits";
import { modeReason, recallCounts, type UncountedReason } from "@shared/memory/recall";
import {
  type Answer,
  applyAnswer,
  byAnswerTime,
  type Grade,
  type Memory,
  type MemoryParameters,
  type MemoryStateName,
  usableParameters,
} from "@shared/memory/scheduler";
import type { ReviewInput, ReviewMode, ReviewSettings } from "@shared/schemas/review";
import { and, desc, eq, inArray, sql } from "drizzle-orm";

/** Why an answer of a batch was not recorded: each is final (sending it again changes nothing). */
export type ReviewRefusal = "card_not_found" | "answered_in_future" | "answered_too_long_ago" | "card_answers_per_day";

/** What became of one answer of a batch. */
export type ReviewOutcome =
  | { id: string; status: "recorded" | "duplicate" }
  | { id: string; status: "refused"; reason: ReviewRefusal };

type MemoryRow = typeof cardMemory.$inferSelect;

function memoryOf(row: MemoryRow): Memory {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    state: row.state as MemoryStateName,
    reps: row.reps,
    lapses: row.lapses,
    learningSteps: row.learningSteps,
    scheduledDays: row.scheduledDays,
    lastReview: row.lastReview,
  };
}

export interface LearnerSettings extends ReviewSettings {
  /** The learner's own memory model's weights while they use it (decision 0046); null: the defaults. */
  parameters: MemoryParameters | null;
}

export async function settingsOf(db: Database | Transaction, userId: string): Promise<LearnerSettings> {
  const [found] = await db
    .select({ row: reviewSettings, model: { parameters: memoryModels.parameters, enabled: memoryModels.enabled } })
    .from(users)
    .leftJoin(reviewSettings, eq(reviewSettings.userId, users.id))
    .leftJoin(memoryModels, eq(memoryModels.userId, users.id))
    .where(eq(users.id, userId));
  const row = found?.row;
  const model = found?.model;
  return {
    desiredRetention: row?.desiredRetention ?? DEFAULT_DESIRED_RETENTION,
    newCardsPerDay: row?.newCardsPerDay ?? DEFAULT_NEW_CARDS_PER_DAY,
    reviewsPerDay: row?.reviewsPerDay ?? DEFAULT_REVIEWS_PER_DAY,
    timeZone: row?.timeZone ?? "UTC",
    parameters: model?.enabled && usableParameters(model.parameters) ? model.parameters : null,
  };
}

export async function saveSettings(db: Database, user: SessionUser, settings: ReviewSettings) {
  // The shared schema asks the browser's (or Node's) list; the statistics ask PostgreSQL's.
  if (!(await isDatabaseTimeZone(db, settings.timeZone))) {
    throw invalidRequest([{ path: ["timeZone"], key: "validation.time_zone_unknown_to_server" }]);
  }
  await db
    .insert(reviewSettings)
    .values({ userId: user.id, ...settings })
    .onConflictDoUpdate({ target: reviewSettings.userId, set: { ...settings, updatedAt: sql`now()` } });
  return settings;
}

function refusal(review: ReviewInput, answeredAt: Date, now: Date): ReviewOutcome | null {
  if (answeredAt.getTime() > now.getTime() + ANSWER_MAX_FUTURE_MS) {
    return { id: review.id, status: "refused", reason: "answered_in_future" };
  }
  if (answeredAt.getTime() < now.getTime() - ANSWER_MAX_AGE_MS) {
    return { id: review.id, status: "refused", reason: "answered_too_long_ago" };
  }
  return null;
}

/** The UTC day an answer counts in, for the per-card daily cap. */
function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Records answers of the signed-in user. Each is recorded once (an id this user sent before is a
 * duplicate); an answer for a card that no longer exists, with an impossible time, or beyond the
 * card's daily cap is refused, and the rest of the batch still counts (an offline device must be
 * able to empty its outbox).
 */
export async function recordReviews(
  db: Database,
  user: SessionUser,
  reviews: readonly ReviewInput[],
  now: Date,
): Promise<ReviewOutcome[]> {
  return db.transaction(async (tx) => {
    // One learner's answers are applied one batch at a time, so two devices syncing at once
    // cannot both start from the same memory row and overwrite each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reviews:${user.id}`}))`);

    const cardIds = [...new Set(reviews.map((review) => review.cardId))];
    // Their courses first, then the cards: the lock order of every write under a course (a course
    // delete locks the course, then its cascade the cards). Card first deadlocked (#21, item 12).
    const courseIds = (
      await tx
        .selectDistinct({ id: decks.courseId })
        .from(flashcards)
        .innerJoin(decks, eq(decks.id, flashcards.deckId))
        .where(inArray(flashcards.id, cardIds))
    ).map((course) => course.id);
    if (courseIds.length > 0) {
      await tx
        .select({ id: courses.id })
        .from(courses)
        .where(inArray(courses.id, courseIds))
        .orderBy(courses.id)
        .for("key share");
    }
    // Key-share locked: a card deleted meanwhile is deleted before (not found) or after (cascade).
    const cards = await tx
      .select({ id: flashcards.id, courseId: decks.courseId })
      .from(flashcards)
      .innerJoin(decks, eq(decks.id, flashcards.deckId))
      .where(inArray(flashcards.id, cardIds))
      .for("key share", { of: flashcards });
    const courseOfCard = new Map(cards.map((card) => [card.id, card.courseId]));
    // Under the lock, the ids this learner already sent cannot change before the insert.
    const sentBefore = await tx
      .select({ id: reviewLog.id })
      .from(reviewLog)
      .where(and(eq(reviewLog.userId, user.id), inArray(reviewLog.id, [...new Set(reviews.map((r) => r.id))])));
    const known = new Set(sentBefore.map((row) => row.id));

    const outcomes = new Map<string, ReviewOutcome>();
    const candidates: NewAnswer[] = [];
    for (const review of reviews) {
      if (outcomes.has(review.id)) continue; // the same id twice in one batch
      if (known.has(review.id)) {
        outcomes.set(review.id, { id: review.id, status: "duplicate" });
        continue;
      }
      const answeredAt = new Date(review.answeredAt);
      const courseId = courseOfCard.get(review.cardId);
      if (courseId === undefined) {
        outcomes.set(review.id, { id: review.id, status: "refused", reason: "card_not_found" });
        continue;
      }
      const refused = refusal(review, answeredAt, now);
      if (refused) {
        outcomes.set(review.id, refused);
        continue;
      }
      outcomes.set(review.id, { id: review.id, status: "recorded" });
      candidates.push({
        id: review.id,
        cardId: review.cardId,
        courseId,
        grade: review.grade,
        answeredAt,
        mode: review.mode,
        responseMs: review.responseMs !== undefined && review.responseMs <= RESPONSE_MS_MAX ? review.responseMs : null,
      });
    }
    if (candidates.length === 0) return [...outcomes.values()];

    const accepted = await withinDailyCap(tx, user.id, candidates, outcomes);
    if (accepted.length === 0) return [...outcomes.values()];
    await recordWithMemory(tx, user.id, accepted, now);
    return [...outcomes.values()];
  });
}

interface NewAnswer extends Answer {
  cardId: number;
  courseId: number;
  mode: ReviewMode;
  responseMs: number | null;
}

/**
 * Keeps the answers within CARD_ANSWERS_PER_DAY_MAX per card and UTC day (stored ones included);
 * the others are refused. Each count reads at most the cap's number of index entries.
 */
async function withinDailyCap(
  tx: Transaction,
  userId: string,
  candidates: NewAnswer[],
  outcomes: Map<string, ReviewOutcome>,
): Promise<NewAnswer[]> {
  const counts = new Map<string, number>();
  for (const answer of candidates) counts.set(`${answer.cardId} ${utcDay(answer.answeredAt)}`, 0);
  const pairs = [...counts.keys()].map((key) => {
    const [cardId = "0", day = ""] = key.split(" ");
    return { key, cardId: Number(cardId), day: `${day}T00:00:00Z` };
  });
  const stored = await queryRows<{ key: string; count: number }>(
    tx,
    sql`
      select v.key, (
        select count(*)::int from (
          select 1 from ${reviewLog} r
          where r.user_id = ${userId} and r.card_id = v."cardId"
            and r.answered_at >= v.day and r.answered_at < v.day + interval '1 day'
          limit ${CARD_ANSWERS_PER_DAY_MAX}
        ) as day_answers
      ) as count
      from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v(key text, "cardId" int, day timestamptz)`,
  );
  for (const row of stored) counts.set(row.key, Number(row.count));

  const accepted: NewAnswer[] = [];
  for (const answer of [...candidates].sort(byAnswerTime)) {
    const key = `${answer.cardId} ${utcDay(answer.answeredAt)}`;
    const count = counts.get(key) ?? 0;
    if (count >= CARD_ANSWERS_PER_DAY_MAX) {
      outcomes.set(answer.id, { id: answer.id, status: "refused", reason: "card_answers_per_day" });
      continue;
    }
    counts.set(key, count + 1);
    accepted.push(answer);
  }
  return accepted;
}

type LogRow = typeof reviewLog.$inferSelect;
type SnapshotColumns = Pick<
  LogRow,
  | "memoryDue"
  | "memoryStability"
  | "memoryDifficulty"
  | "memoryState"
  | "memoryReps"
  | "memoryLapses"
  | "memoryLearningSteps"
  | "memoryScheduledDays"
>;

const snapshotColumns = {
  memoryDue: reviewLog.memoryDue,
  memoryStability: reviewLog.memoryStability,
  memoryDifficulty: reviewLog.memoryDifficulty,
  memoryState: reviewLog.memoryState,
  memoryReps: reviewLog.memoryReps,
  memoryLapses: reviewLog.memoryLapses,
  memoryLearningSteps: reviewLog.memoryLearningSteps,
  memoryScheduledDays: reviewLog.memoryScheduledDays,
};

/** The log row's columns holding the memory right after its answer (also used by tests to store old data). */
export function toSnapshot(memory: Memory): SnapshotColumns {
  return {
    memoryDue: memory.due,
    memoryStability: memory.stability,
    memoryDifficulty: memory.difficulty,
    memoryState: memory.state,
    memoryReps: memory.reps,
    memoryLapses: memory.lapses,
    memoryLearningSteps: memory.learningSteps,
    memoryScheduledDays: memory.scheduledDays,
  };
}

/** The memory right after a stored answer, or null when the row has none (stored before 0038). */
function fromSnapshot(row: SnapshotColumns & { answeredAt: Date }): Memory | null {
  const { memoryDue, memoryStability, memoryDifficulty, memoryState, memoryReps, memoryLapses } = row;
  const { memoryLearningSteps, memoryScheduledDays } = row;
  if (
    memoryDue === null ||
    memoryStability === null ||
    memoryDifficulty === null ||
    memoryState === null ||
    memoryReps === null ||
    memoryLapses === null ||
    memoryLearningSteps === null ||
    memoryScheduledDays === null
  ) {
    return null;
  }
  return {
    due: memoryDue,
    stability: memoryStability,
    difficulty: memoryDifficulty,
    state: memoryState as MemoryStateName,
    reps: memoryReps,
    lapses: memoryLapses,
    learningSteps: memoryLearningSteps,
    scheduledDays: memoryScheduledDays,
    lastReview: row.answeredAt,
  };
}

interface StoredAnswer extends Answer, SnapshotColumns {
  counted: boolean;
  uncountedReason: string | null;
}

/** A stored answer's new fate after a late one: counted with its snapshot, or a same-day repeat. */
interface Redo {
  id: string;
  memory: Memory | null;
}

/** What one card's new answers do: the log rows to insert, stored rows to redo, its memory. */
interface CardPlan {
  inserts: (typeof reviewLog.$inferInsert)[];
  redos: Redo[];
  memory: Memory | null;
  firstCounted: Date | null;
}

interface Scheduling {
  retention: number;
  /** The learner's own memory model's weights (decision 0046); null: the defaults. */
  parameters: MemoryParameters | null;
  timeZone: string;
}

/** Whether a recall answer moves the memory `before` it (shared/memory/recall.ts). */
const countsAfter = (before: Memory | null, answer: Answer, { timeZone }: Scheduling) =>
  recallCounts(before, answer.answeredAt, timeZone);

/**
 * A card whose new answers are all newer than its memory: each recall answer that counts is one
 * step from the memory row (recall.ts decides which). Otherwise (a late answer) the card's newest
 * stored answers and the new ones are merged in answer time; the replay starts from the snapshot
 * of the counted answer before the first new one, and decides again, for every stored recall
 * answer after a change, whether it counts. A new answer with more than LATE_ANSWER_WINDOW stored
 * answers after it, or with no snapshot to start from (answers stored before 0038), is recorded
 * but does not count: bounded work, not a full replay.
 */
function planCard(
  answers: NewAnswer[],
  known: Memory | null,
  stored: StoredAnswer[] | undefined,
  scheduling: Scheduling,
  userId: string,
  now: Date,
): CardPlan {
  const plan: CardPlan = { inserts: [], redos: [], memory: null, firstCounted: null };
  const insert = (answer: NewAnswer, memory: Memory | null, reason: UncountedReason | null) => {
    plan.inserts.push({
      id: answer.id,
      userId,
      cardId: answer.cardId,
      courseId: answer.courseId,
      mode: answer.mode,
      grade: answer.grade,
      responseMs: answer.responseMs,
      answeredAt: answer.answeredAt,
      receivedAt: now,
      counted: memory !== null,
      uncountedReason: memory === null ? reason : null,
      ...(memory && toSnapshot(memory)),
    });
    if (memory && (plan.firstCounted === null || answer.answeredAt < plan.firstCounted)) {
      plan.firstCounted = answer.answeredAt;
    }
  };
  const step = (memory: Memory | null, answer: Answer) =>
    applyAnswer(memory, answer, scheduling.retention, scheduling.parameters);
  const ordered = [...answers].sort(byAnswerTime);
  if (!stored) {
    let memory = known;
    let moved = false;
    for (const answer of ordered) {
      const notRecall = modeReason(answer.mode);
      if (notRecall) insert(answer, null, notRecall);
      else if (countsAfter(memory, answer, scheduling)) {
        memory = step(memory, answer);
        moved = true;
        insert(answer, memory, null);
      } else insert(answer, null, "same_day");
    }
    plan.memory = moved ? memory : null;
    return plan;
  }

  // `stored` is the newest LATE_ANSWER_WINDOW + 1 answers, newest first; fewer: the whole log.
  const olds = [...stored].reverse();
  const wholeLog = olds.length <= LATE_ANSWER_WINDOW;
  // The memory before the next step: known (null: before the first answer) or not (undefined).
  let state: { memory: Memory | null } | undefined = wholeLog ? { memory: null } : undefined;
  let changed = false;
  let oldIndex = 0;
  let newIndex = 0;
  while (oldIndex < olds.length || newIndex < ordered.length) {
    const old = olds[oldIndex];
    const next = ordered[newIndex];
    if (old && (!next || byAnswerTime(old, next) < 0)) {
      oldIndex += 1;
      // Recognition, practice and answers beyond an earlier window never count, whatever comes.
      if (!old.counted && old.uncountedReason !== "same_day") continue;
      if (!changed) {
        if (!old.counted) continue; // a same-day repeat left the memory as it was
        const snapshot = fromSnapshot(old);
        if (snapshot) state = { memory: snapshot };
        else if (state) {
          state = { memory: step(state.memory, old) };
          plan.redos.push({ id: old.id, memory: state.memory });
        }
        continue;
      }
      if (!state) continue; // never: a change needs a known memory
      if (countsAfter(state.memory, old, scheduling)) {
        state = { memory: step(state.memory, old) };
        plan.redos.push({ id: old.id, memory: state.memory });
      } else if (old.counted) plan.redos.push({ id: old.id, memory: null });
      continue;
    }
    if (!next) break;
    newIndex += 1;
    const notRecall = modeReason(next.mode);
    if (notRecall) {
      insert(next, null, notRecall);
      continue;
    }
    const storedAfter = olds.length - oldIndex;
    if (!state || storedAfter > LATE_ANSWER_WINDOW) insert(next, null, "late");
    else if (countsAfter(state.memory, next, scheduling)) {
      state = { memory: step(state.memory, next) };
      changed = true;
      insert(next, state.memory, null);
    } else insert(next, null, "same_day");
  }
  plan.memory = changed && state ? state.memory : null;
  return plan;
}

/** Inserts the accepted answers with their snapshots and brings the cards' memory rows up to date. */
async function recordWithMemory(tx: Transaction, userId: string, accepted: NewAnswer[], now: Date) {
  const settings = await settingsOf(tx, userId);
  const scheduling: Scheduling = {
    retention: settings.desiredRetention,
    parameters: settings.parameters,
    timeZone: settings.timeZone,
  };
  const answersByCard = new Map<number, NewAnswer[]>();
  for (const answer of accepted) {
    const answers = answersByCard.get(answer.cardId) ?? [];
    answers.push(answer);
    answersByCard.set(answer.cardId, answers);
  }
  const cardIds = [...answersByCard.keys()];
  const existing = await tx
    .select()
    .from(cardMemory)
    .where(and(eq(cardMemory.userId, userId), inArray(cardMemory.cardId, cardIds)));
  const memoryByCard = new Map(existing.map((row) => [row.cardId, row]));

  // An answer not newer than the card's last applied one arrived late (another device, an offline
  // phone): that card reads its newest answers, a bounded window, with their snapshots.
  const late = cardIds.filter((cardId) => {
    const last = memoryByCard.get(cardId)?.lastReview;
    return last && (answersByCard.get(cardId) ?? []).some((answer) => answer.answeredAt.getTime() <= last.getTime());
  });
  const storedByCard = new Map<number, StoredAnswer[]>();
  if (late.length > 0) {
    // The newest rows in index order, never a bitmap scan of the card's whole log then a sort: a
    // planner with stale statistics chose that (PGlite has no autovacuum to refresh them), and a
    // card with a long log then cost a read of all of it (bench:abuse, 1.6 s at p99 on PGlite).
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const newest = tx
      .select({
        id: reviewLog.id,
        grade: reviewLog.grade,
        answeredAt: reviewLog.answeredAt,
        counted: reviewLog.counted,
        uncountedReason: reviewLog.uncountedReason,
        ...snapshotColumns,
      })
      .from(reviewLog)
      .where(and(eq(reviewLog.userId, userId), eq(reviewLog.cardId, flashcards.id)))
      .orderBy(desc(reviewLog.answeredAt), desc(reviewLog.id))
      .limit(LATE_ANSWER_WINDOW + 1)
      .as("newest");
    const rows = await tx
      .select({
        cardId: flashcards.id,
        id: newest.id,
        grade: newest.grade,
        answeredAt: newest.answeredAt,
        counted: newest.counted,
        uncountedReason: newest.uncountedReason,
        memoryDue: newest.memoryDue,
        memoryStability: newest.memoryStability,
        memoryDifficulty: newest.memoryDifficulty,
        memoryState: newest.memoryState,
        memoryReps: newest.memoryReps,
        memoryLapses: newest.memoryLapses,
        memoryLearningSteps: newest.memoryLearningSteps,
        memoryScheduledDays: newest.memoryScheduledDays,
      })
      .from(flashcards)
      .crossJoinLateral(newest)
      .where(inArray(flashcards.id, late));
    await tx.execute(sql`set local enable_bitmapscan to default`);
    for (const cardId of late) storedByCard.set(cardId, []);
    for (const { cardId, ...row } of rows) {
      const stored = storedByCard.get(cardId) ?? [];
      stored.push({ ...row, grade: row.grade as Grade });
      storedByCard.set(cardId, stored);
    }
  }

  const inserts: (typeof reviewLog.$inferInsert)[] = [];
  const redos: Redo[] = [];
  const memoryRows: MemoryRow[] = [];
  for (const [cardId, answers] of answersByCard) {
    const known = memoryByCard.get(cardId);
    const plan = planCard(answers, known ? memoryOf(known) : null, storedByCard.get(cardId), scheduling, userId, now);
    for (const row of plan.inserts) inserts.push(row);
    for (const redo of plan.redos) redos.push(redo);
    if (!plan.memory || !plan.firstCounted) continue;
    const introducedAt =
      known && known.introducedAt.getTime() <= plan.firstCounted.getTime() ? known.introducedAt : plan.firstCounted;
    const courseId = answers[0]?.courseId ?? known?.courseId ?? 0;
    memoryRows.push({ userId, cardId, courseId, ...plan.memory, introducedAt });
  }

  await insertLogRows(tx, inserts);
  if (redos.length > 0) await redoStoredAnswers(tx, userId, redos);
  if (memoryRows.length > 0) await upsertMemoryRows(tx, memoryRows);
}

// A batch's rows travel as one JSON parameter: building 500 rows' worth of separate parameters
// kept the event loop busier than the database's own work (bench:abuse, the answer flood).

const SNAPSHOT_TYPES = `"memoryDue" timestamptz, "memoryStability" float8, "memoryDifficulty" float8,
  "memoryState" text, "memoryReps" int, "memoryLapses" int, "memoryLearningSteps" int, "memoryScheduledDays" int`;

async function insertLogRows(tx: Transaction, rows: (typeof reviewLog.$inferInsert)[]) {
  await tx.execute(sql`
    insert into ${reviewLog} (id, user_id, card_id, course_id, mode, grade, response_ms, answered_at,
      received_at, counted, uncounted_reason, memory_due, memory_stability, memory_difficulty, memory_state, memory_reps,
      memory_lapses, memory_learning_steps, memory_scheduled_days)
    select id, "userId", "cardId", "courseId", mode, grade, "responseMs", "answeredAt", "receivedAt",
      counted, "uncountedReason", "memoryDue", "memoryStability", "memoryDifficulty", "memoryState", "memoryReps",
      "memoryLapses", "memoryLearningSteps", "memoryScheduledDays"
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
      id uuid, "userId" text, "cardId" int, "courseId" int, mode text, grade smallint, "responseMs" int,
      "answeredAt" timestamptz, "receivedAt" timestamptz, counted boolean, "uncountedReason" text,
      ${sql.raw(SNAPSHOT_TYPES)})`);
}

async function upsertMemoryRows(tx: Transaction, rows: MemoryRow[]) {
  await tx.execute(sql`
    insert into ${cardMemory} (user_id, card_id, course_id, due, stability, difficulty, state, reps,
      lapses, learning_steps, scheduled_days, last_review, introduced_at)
    select "userId", "cardId", "courseId", due, stability, difficulty, state, reps, lapses,
      "learningSteps", "scheduledDays", "lastReview", "introducedAt"
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
      "userId" text, "cardId" int, "courseId" int, due timestamptz, stability float8, difficulty float8,
      state text, reps int, lapses int, "learningSteps" int, "scheduledDays" int, "lastReview" timestamptz,
      "introducedAt" timestamptz)
    on conflict (user_id, card_id) do update set
      due = excluded.due, stability = excluded.stability, difficulty = excluded.difficulty,
      state = excluded.state, reps = excluded.reps, lapses = excluded.lapses,
      learning_steps = excluded.learning_steps, scheduled_days = excluded.scheduled_days,
      last_review = excluded.last_review, introduced_at = excluded.introduced_at`);
}

/**
 * Stored answers after a late one get the replay's verdict: counted with their new snapshot, or a
 * same-day repeat without one. One statement, one parameter.
 */
async function redoStoredAnswers(tx: Transaction, userId: string, redos: Redo[]) {
  const values = JSON.stringify(
    redos.map(({ id, memory }) => ({ id, counted: memory !== null, ...(memory && toSnapshot(memory)) })),
  );
  await tx.execute(sql`
    update ${reviewLog} as r set
      counted = v.counted, uncounted_reason = case when v.counted then null else 'same_day' end,
      memory_due = v."memoryDue", memory_stability = v."memoryStability",
      memory_difficulty = v."memoryDifficulty", memory_state = v."memoryState", memory_reps = v."memoryReps",
      memory_lapses = v."memoryLapses", memory_learning_steps = v."memoryLearningSteps",
      memory_scheduled_days = v."memoryScheduledDays"
    from jsonb_to_recordset(${values}::jsonb) as v(id uuid, counted boolean, ${sql.raw(SNAPSHOT_TYPES)})
    where r.user_id = ${userId} and r.id = v.id`);
}
