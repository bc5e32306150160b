/**
 * Which answers move a card's memory (issue #23 item 3, decision 0047). Every answer is kept in the
 * review log, but only recall schedules: the review screen, flip cards, multiple choice, typed
 * answers and the timed test. Matching and the tile game are recognition (the answer is on the
 * screen) and practice records nothing to the schedule: both are logged only.
 *
 * Of recall answers, the first of the learner's day (in their time zone) schedules the card; a later
 * one the same day moves it only through FSRS's short-term steps, when the card is in (re)learning
 * and its step has come due (a card failed this morning, seen again after its 10 minutes). Other
 * same-day repeats (the same card in four modes within minutes) are logged only.
 */
import type { ReviewMode } from "../schemas/review";
import { localDay } from "./day";
import { type Answer, applyAnswer, byAnswerTime, type Memory } from "./scheduler";

/** Why a logged answer does not move the card's memory; null when it does. */
export const UNCOUNTED_REASONS = ["recognition", "practice", "same_day", "late"] as const;
export type UncountedReason = (typeof UNCOUNTED_REASONS)[number];

const RECALL_MODES: ReadonlySet<ReviewMode> = new Set(["review", "flip", "choice", "write", "test"]);

/** Null for a recall mode; else the reason its answers never schedule, whatever the memory. */
export function modeReason(mode: ReviewMode): "recognition" | "practice" | null {
  if (RECALL_MODES.has(mode)) return null;
  return mode === "practice" ? "practice" : "recognition";
}

/**
 * Whether a recall answer given at `at` moves a card whose memory (after its last counted answer)
 * is `memory`: the card's first answer, the first of a new day, or a due short-term step.
 */
export function recallCounts(memory: Memory | null, at: Date, timeZone: string): boolean {
  if (!memory?.lastReview) return true;
  if (localDay(at, timeZone) !== localDay(memory.lastReview, timeZone)) return true;
  const shortTerm = memory.state === "learning" || memory.state === "relearning";
  return shortTerm && at.getTime() >= memory.due.getTime();
}

export interface LoggedAnswer extends Answer {
  mode: ReviewMode;
}

export interface ReplayOptions {
  retention?: number;
  timeZone: string;
}

/**
 * A card's memory from its whole log, whatever order the answers arrived in, with each answer's
 * fate. A log of recall answers one day apart (or more) gives what `replay` gives: each one counts.
 */
export function replayLog(
  answers: readonly LoggedAnswer[],
  { retention, timeZone }: ReplayOptions,
): { memory: Memory | null; reasons: Map<string, UncountedReason | null> } {
  let memory: Memory | null = null;
  const reasons = new Map<string, UncountedReason | null>();
  for (const answer of [...answers].sort(byAnswerTime)) {
    const reason = modeReason(answer.mode) ?? (recallCounts(memory, answer.answeredAt, timeZone) ? null : "same_day");
    if (reason === null) memory = applyAnswer(memory, answer, retention);
    reasons.set(answer.id, reason);
  }
  return { memory, reasons };
}
