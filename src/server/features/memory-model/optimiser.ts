/**
 * Fits learners' memory models in the background (decision 0046). A per-process queue, one learner
 * at a time, each learner once (a second request while one waits or runs is the same job): reading
 * the training set from the log (a few paged queries), then the fit in a child process
 * (optimiser-process.ts). Nothing here is awaited by a request: a reply never waits for a fit, and a
 * failed fit records its error and leaves the learner with what they had (the defaults, or the
 * weights of an earlier fit).
 *
 * Several processes on one PostgreSQL: a run claims the learner's row first (status "running"), so
 * two processes never fit the same learner at once; a claim older than STALE_RUN_MS (a process that
 * died mid-run) may be taken over.
 */
import { type Database, queryRows } from "@server/db/client";
import { memoryModels } from "@server/db/schema";
import { FALLBACK_TIME_ZONE, isDatabaseTimeZone } from "@server/db/time-zones";
import { DAY_MS } from "@shared/memory/day";
import {
  OPTIMISE_MAX_ANSWERS,
  OPTIMISE_MIN_ANSWERS,
  REOPTIMISE_AFTER_ANSWERS,
  REOPTIMISE_AFTER_DAYS,
} from "@shared/memory/limits";
import { sql } from "drizzle-orm";
import { settingsOf } from "../reviews/reviews.service";
import type { OptimiseResult } from "./optimiser-messages";
import { OptimiserProcess } from "./optimiser-process";
import { longTermAnswersIn, type TrainingSet, TrainingSetBuilder } from "./training-set";

export interface OptimiserOptions {
  /** After a learner's answers, check whether a fit is due and queue it (false: only when asked). */
  automatic: boolean;
  /** A fit running longer is stopped and counts as failed. */
  timeoutMs: number;
  /** Learners waiting at most; beyond, an automatic check queues nothing (the next answers try again). */
  queueMax: number;
  /** One learner's answers are checked at most this often by one process. */
  checkEveryMs: number;
}

export const DEFAULT_OPTIMISER_OPTIONS: OptimiserOptions = {
  automatic: true,
  // 10,000 answers fit in well under a second (bench:optimiser): minutes mean something is wrong.
  timeoutMs: 5 * 60 * 1000,
  queueMax: 1000,
  checkEveryMs: 10 * 60 * 1000,
};

/** A run claimed this long ago and still "running" belongs to a process that stopped: it may be redone. */
export const STALE_RUN_MS = DEFAULT_OPTIMISER_OPTIONS.timeoutMs + 10 * 60 * 1000;

/** Rows read from the log per query: a page of the training set. */
const PAGE_ROWS = 20_000;

/** Learners whose last check this process remembers (the oldest forgotten first). */
const CHECKS_REMEMBERED = 10_000;

/** The longest error text kept on the learner's row. */
const ERROR_TEXT_MAX = 500;

/** What became of a request to fit a learner's model. */
export type QueueOutcome = "queued" | "already_queued" | "queue_full";

export class Optimiser {
  readonly options: OptimiserOptions;
  private readonly process: OptimiserProcess;
  /** Learners waiting, in arrival order (a Set keeps it and makes each one once). */
  private readonly waiting = new Set<string>();
  private running: string | null = null;
  /** Checks (fitDue) under way: idle() waits for them too. */
  private checking = 0;
  private readonly lastChecked = new Map<string, number>();
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    options: Partial<OptimiserOptions> = {},
  ) {
    this.options = { ...DEFAULT_OPTIMISER_OPTIONS, ...options };
    this.process = new OptimiserProcess({ timeoutMs: this.options.timeoutMs });
  }

  /** Whether the learner waits or is being fitted in this process. */
  has(userId: string): boolean {
    return this.running === userId || this.waiting.has(userId);
  }

  isRunning(userId: string): boolean {
    return this.running === userId;
  }

  /**
   * After answers of the learner were recorded: checks (at most every checkEveryMs) whether a fit is
   * due, and queues it. Returns at once; never throws.
   */
  answersRecorded(userId: string): void {
    if (!this.options.automatic || this.closed || this.has(userId)) return;
    const at = Date.now();
    const last = this.lastChecked.get(userId);
    if (last !== undefined && at - last < this.options.checkEveryMs) return;
    this.lastChecked.delete(userId);
    this.lastChecked.set(userId, at);
    if (this.lastChecked.size > CHECKS_REMEMBERED) {
      const oldest = this.lastChecked.keys().next().value;
      if (oldest !== undefined) this.lastChecked.delete(oldest);
    }
    this.checking += 1;
    void fitDue(this.db, userId, this.clock())
      .then((due) => {
        if (due) this.enqueue(userId);
      })
      .catch((error: unknown) => this.report(`checking whether ${userId}'s memory model is due`, error))
      .finally(() => {
        this.checking -= 1;
        this.settle();
      });
  }

  /** Whether a learner not yet waiting could be queued now. */
  canQueue(): boolean {
    return !this.closed && this.waiting.size < this.options.queueMax;
  }

  /** Queues a fit of the learner's model (once: a learner already waiting or running is not added again). */
  enqueue(userId: string): QueueOutcome {
    if (this.has(userId)) return "already_queued";
    if (!this.canQueue()) return "queue_full";
    this.waiting.add(userId);
    this.pump();
    return "queued";
  }

  /** Resolves when nothing is checked, waits or runs (for tests). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.running === null && this.waiting.size === 0 && this.checking === 0;
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Stops taking work and kills the optimiser's child process; a fit under way is not written. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.clear();
    await this.process.close();
  }

  private pump(): void {
    if (this.running !== null) return;
    const next = this.waiting.values().next();
    if (next.done) {
      this.settle();
      return;
    }
    const userId = next.value;
    this.waiting.delete(userId);
    this.running = userId;
    void this.fit(userId)
      .catch((error: unknown) => this.report(`fitting ${userId}'s memory model`, error))
      .finally(() => {
        this.running = null;
        this.pump();
      });
  }

  private async fit(userId: string): Promise<void> {
    const startedAt = this.clock();
    if (!(await claimRun(this.db, userId, startedAt))) return; // another process is fitting this learner
    const started = performance.now();
    let lastAnsweredAt: Date | null = null;
    try {
      const read = await readTrainingSet(this.db, userId);
      lastAnsweredAt = read.lastAnsweredAt;
      if (longTermAnswersIn(read.set) === 0) throw new Error("no answers a day or more after a card's previous one");
      const answers = read.set.ratings.length;
      const { result } = await this.process.run(read.set);
      if (this.closed) return;
      await saveFit(this.db, userId, {
        result,
        answers,
        lastAnsweredAt,
        finishedAt: this.clock(),
        durationMs: Math.round(performance.now() - started),
      });
    } catch (error) {
      if (this.closed) return;
      await saveFailure(this.db, userId, {
        error,
        lastAnsweredAt,
        durationMs: Math.round(performance.now() - started),
      });
      this.report(`fitting ${userId}'s memory model (the defaults stay)`, error);
    }
  }

  private report(what: string, error: unknown): void {
    if (this.closed) return;
    console.error(`Memory model: ${what} failed:`, error instanceof Error ? error.message : error);
  }
}

/**
 * Whether the learner's model should be fitted now: enough counted answers, no run under way, and
 * never fitted, or REOPTIMISE_AFTER_ANSWERS new counted answers since the last run read the log, or
 * REOPTIMISE_AFTER_DAYS since it with some new ones. Failed runs count as runs: a fit that fails
 * is not retried at every answer. One statement, each count stopping at the number it needs.
 */
export async function fitDue(db: Database, userId: string, now: Date): Promise<boolean> {
  const [row] = await queryRows<{
    answers: number;
    status: string | null;
    started_ms: number | null;
    fresh: number;
  }>(
    db,
    sql`select
          (select count(*)::int from (
            select 1 from review_log r where r.user_id = ${userId} and r.counted limit ${OPTIMISE_MIN_ANSWERS}
          ) enough) as answers,
          m.status,
          (extract(epoch from m.started_at) * 1000)::float8 as started_ms,
          (select count(*)::int from (
            select 1 from review_log r
            where r.user_id = ${userId} and r.counted
              and r.answered_at > coalesce(m.last_answered_at, '-infinity'::timestamptz)
            limit ${REOPTIMISE_AFTER_ANSWERS}
          ) fresh) as fresh
        from (select 1) one
        left join ${memoryModels} m on m.user_id = ${userId}`,
  );
  if (!row || row.answers < OPTIMISE_MIN_ANSWERS) return false;
  const startedMs = row.started_ms;
  if (row.status === "running" && startedMs !== null && now.getTime() - startedMs < STALE_RUN_MS) return false;
  if (row.status === null || row.status === "idle" || startedMs === null) return true;
  if (row.fresh >= REOPTIMISE_AFTER_ANSWERS) return true;
  return row.fresh > 0 && now.getTime() - startedMs >= REOPTIMISE_AFTER_DAYS * DAY_MS;
}

/** Marks the learner's run as started; false when another process's run is under way. */
async function claimRun(db: Database, userId: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`insert into ${memoryModels} (user_id, status, started_at) values (${userId}, 'running', ${nowIso})
        on conflict (user_id) do update set status = 'running', started_at = excluded.started_at, updated_at = now()
        where ${memoryModels.status} <> 'running'
          or ${memoryModels.startedAt} is null
          or ${memoryModels.startedAt} < ${nowIso}::timestamptz - make_interval(secs => ${STALE_RUN_MS / 1000})
        returning user_id`,
  );
  return rows.length > 0;
}

interface TrainingRead {
  set: TrainingSet;
  /** The newest answer read (null when none). */
  lastAnsweredAt: Date | null;
}

/**
 * The learner's counted answers, card by card in answer-time order, at most OPTIMISE_MAX_ANSWERS:
 * pages of PAGE_ROWS in the order of the (user, card, answer time, id) index, each page starting
 * after the last row of the one before. When the limit stops the read, the last card (perhaps cut
 * short) is left out. Days are calendar days in the learner's time zone.
 */
export async function readTrainingSet(db: Database, userId: string): Promise<TrainingRead> {
  const { timeZone: chosen } = await settingsOf(db, userId);
  const timeZone = (await isDatabaseTimeZone(db, chosen)) ? chosen : FALLBACK_TIME_ZONE;
  const builder = new TrainingSetBuilder();
  let lastMs = Number.NEGATIVE_INFINITY;
  let after: { cardId: number; at: string; id: string } | null = null;
  let read = 0;
  for (;;) {
    const limit = Math.min(PAGE_ROWS, OPTIMISE_MAX_ANSWERS + 1 - read);
    const rows: { card_id: number; grade: number; day: number; at: string; at_ms: number; id: string }[] =
      await queryRows(
        db,
        sql`select r.card_id, r.grade::int as grade, r.id::text as id, r.answered_at::text as at,
              (extract(epoch from r.answered_at) * 1000)::float8 as at_ms,
              (r.answered_at at time zone ${timeZone})::date - date '1970-01-01' as day
            from review_log r
            where r.user_id = ${userId} and r.counted
              ${after ? sql`and (r.card_id, r.answered_at, r.id) > (${after.cardId}, ${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
            order by r.card_id, r.answered_at, r.id
            limit ${limit}`,
      );
    for (const row of rows) {
      read += 1;
      if (read > OPTIMISE_MAX_ANSWERS) break;
      builder.add({ cardId: row.card_id, grade: row.grade, day: row.day });
      lastMs = Math.max(lastMs, row.at_ms);
    }
    if (read > OPTIMISE_MAX_ANSWERS) {
      builder.dropLastCard();
      break;
    }
    const last = rows.at(-1);
    if (!last || rows.length < limit) break;
    after = { cardId: last.card_id, at: last.at, id: last.id };
  }
  return { set: builder.build(), lastAnsweredAt: Number.isFinite(lastMs) ? new Date(lastMs) : null };
}

/**
 * Writes a finished fit. The weights are kept only when they predict the learner's answers better
 * than the defaults (lower log loss): else the row says so, and the defaults schedule.
 */
async function saveFit(
  db: Database,
  userId: string,
  fit: { result: OptimiseResult; answers: number; lastAnsweredAt: Date | null; finishedAt: Date; durationMs: number },
) {
  const { result } = fit;
  const better = result.personal.logLoss < result.defaults.logLoss;
  await db
    .insert(memoryModels)
    .values({ userId, status: "done" })
    .onConflictDoUpdate({
      target: memoryModels.userId,
      set: {
        status: "done",
        parameters: better ? result.parameters : null,
        optimisedAt: fit.finishedAt,
        answersUsed: fit.answers,
        lastAnsweredAt: fit.lastAnsweredAt,
        defaultLogLoss: result.defaults.logLoss,
        defaultRmse: result.defaults.rmse,
        personalLogLoss: result.personal.logLoss,
        personalRmse: result.personal.rmse,
        durationMs: fit.durationMs,
        lastError: null,
        updatedAt: sql`now()`,
      },
    });
}

/** Records a failed fit: the weights of an earlier fit (or none: the defaults) stay. */
async function saveFailure(
  db: Database,
  userId: string,
  failure: { error: unknown; lastAnsweredAt: Date | null; durationMs: number },
) {
  const text =
    failure.error instanceof Error ? `${failure.error.name}: ${failure.error.message}` : String(failure.error);
  await db
    .insert(memoryModels)
    .values({ userId, status: "failed" })
    .onConflictDoUpdate({
      target: memoryModels.userId,
      set: {
        status: "failed",
        lastError: text.slice(0, ERROR_TEXT_MAX),
        durationMs: failure.durationMs,
        // The answers it could not learn from do not ask for another run at once.
        ...(failure.lastAnsweredAt && { lastAnsweredAt: failure.lastAnsweredAt }),
        updatedAt: sql`now()`,
      },
    })
    .catch((error: unknown) => console.error("Memory model: recording a failed fit failed:", error));
}
