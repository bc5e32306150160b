/**
 * The learner's own memory model as the Statistics page shows it (decision 0046): where it stands,
 * the switch that turns it off and on, and "Optimise now" (once an hour, with enough answers). Only
 * ever the signed-in learner's own row.
 */
import { type Database, queryRows } from "@server/db/client";
import { memoryModels } from "@server/db/schema";
import { OPTIMISE_MIN_ANSWERS, OPTIMISE_NOW_INTERVAL_MS } from "@shared/memory/limits";
import { usableParameters } from "@shared/memory/scheduler";
import type { MemoryModelState, MemoryModelStatus } from "@shared/schemas/memory-model";
import { sql } from "drizzle-orm";
import { type Optimiser, STALE_RUN_MS } from "./optimiser";

interface ModelRow {
  answers: number;
  parameters: number[] | null;
  enabled: boolean | null;
  status: string | null;
  started_ms: number | null;
  optimised_ms: number | null;
  answers_used: number | null;
  default_log_loss: number | null;
  default_rmse: number | null;
  personal_log_loss: number | null;
  personal_rmse: number | null;
  requested_ms: number | null;
}

/** The learner's row (or none) and their counted answers up to the minimum: one statement. */
async function modelRow(db: Database, userId: string): Promise<ModelRow> {
  const [row] = await queryRows<ModelRow>(
    db,
    sql`select
          (select count(*)::int from (
            select 1 from review_log r where r.user_id = ${userId} and r.counted limit ${OPTIMISE_MIN_ANSWERS}
          ) enough) as answers,
          m.parameters, m.enabled, m.status, m.answers_used,
          m.default_log_loss, m.default_rmse, m.personal_log_loss, m.personal_rmse,
          (extract(epoch from m.started_at) * 1000)::float8 as started_ms,
          (extract(epoch from m.optimised_at) * 1000)::float8 as optimised_ms,
          (extract(epoch from m.requested_at) * 1000)::float8 as requested_ms
        from (select 1) one
        left join ${memoryModels} m on m.user_id = ${userId}`,
  );
  if (!row) throw new Error("the memory model query returned no row");
  return row;
}

function stateOf(row: ModelRow, optimiser: Optimiser, userId: string, now: Date): MemoryModelState {
  if (optimiser.isRunning(userId)) return "running";
  if (optimiser.has(userId)) return "queued";
  const runningElsewhere =
    row.status === "running" && row.started_ms !== null && now.getTime() - row.started_ms < STALE_RUN_MS;
  if (runningElsewhere) return "running";
  if (row.status === "failed") return "failed";
  if (row.optimised_ms !== null) return "done";
  return row.answers >= OPTIMISE_MIN_ANSWERS ? "ready" : "collecting";
}

function figures(logLoss: number | null, rmse: number | null) {
  return logLoss === null || rmse === null ? null : { logLoss, rmse };
}

export async function memoryModelStatus(
  db: Database,
  optimiser: Optimiser,
  userId: string,
  now: Date,
): Promise<MemoryModelStatus> {
  const row = await modelRow(db, userId);
  const defaults = figures(row.default_log_loss, row.default_rmse);
  const personal = figures(row.personal_log_loss, row.personal_rmse);
  const enabled = row.enabled ?? true;
  const nextRequest = row.requested_ms === null ? null : row.requested_ms + OPTIMISE_NOW_INTERVAL_MS;
  return {
    state: stateOf(row, optimiser, userId, now),
    answers: row.answers,
    minAnswers: OPTIMISE_MIN_ANSWERS,
    enabled,
    inUse: enabled && usableParameters(row.parameters),
    fit:
      row.optimised_ms !== null && row.answers_used !== null && defaults && personal
        ? {
            optimisedAt: new Date(row.optimised_ms).toISOString(),
            answersUsed: row.answers_used,
            defaults,
            personal,
            better: usableParameters(row.parameters),
          }
        : null,
    nextRequestAt: nextRequest !== null && nextRequest > now.getTime() ? new Date(nextRequest).toISOString() : null,
  };
}

/** Turns the learner's own model on or off (off: the defaults schedule; the weights are kept). */
export async function setMemoryModelEnabled(db: Database, userId: string, enabled: boolean) {
  await db
    .insert(memoryModels)
    .values({ userId, status: "idle", enabled })
    .onConflictDoUpdate({ target: memoryModels.userId, set: { enabled, updatedAt: sql`now()` } });
}

/** Why "Optimise now" was refused; "too_soon" comes with the seconds to wait. */
export type FitRefusal =
  | { refused: "not_enough_answers"; answers: number }
  | { refused: "too_soon"; retryAfterSeconds: number }
  | { refused: "busy" };

/**
 * "Optimise now": queues a fit of the learner's model. Refused with fewer answers than the minimum,
 * within an hour of the last request, or when this process's queue is full; a fit already waiting
 * or running is simply reported (no new request taken).
 */
export async function requestFit(
  db: Database,
  optimiser: Optimiser,
  userId: string,
  now: Date,
): Promise<{ status: MemoryModelStatus } | FitRefusal> {
  const row = await modelRow(db, userId);
  if (row.answers < OPTIMISE_MIN_ANSWERS) return { refused: "not_enough_answers", answers: row.answers };
  const state = stateOf(row, optimiser, userId, now);
  if (state === "queued" || state === "running") return { status: await memoryModelStatus(db, optimiser, userId, now) };
  if (!optimiser.canQueue()) return { refused: "busy" };
  // The hourly request is taken in one statement, so two requests at once cannot both take it.
  const nowIso = now.toISOString();
  const taken = await queryRows<{ user_id: string }>(
    db,
    sql`insert into ${memoryModels} (user_id, status, requested_at) values (${userId}, 'idle', ${nowIso})
        on conflict (user_id) do update set requested_at = excluded.requested_at, updated_at = now()
        where ${memoryModels.requestedAt} is null
          or ${memoryModels.requestedAt} <= ${nowIso}::timestamptz - make_interval(secs => ${OPTIMISE_NOW_INTERVAL_MS / 1000})
        returning user_id`,
  );
  if (taken.length === 0) {
    const wait = (row.requested_ms ?? now.getTime()) + OPTIMISE_NOW_INTERVAL_MS - now.getTime();
    return { refused: "too_soon", retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
  }
  if (optimiser.enqueue(userId) === "queue_full") return { refused: "busy" };
  return { status: await memoryModelStatus(db, optimiser, userId, now) };
}
