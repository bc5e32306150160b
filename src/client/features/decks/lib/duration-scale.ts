/**
 * The card duration control is logarithmic (0.5 s to 30 s): equal slider steps feel like equal
 * changes, so 0.5 → 1 s gets as much room as 10 → 20 s.
 */
import { CARD_DURATION_MAX_SECONDS, CARD_DURATION_MIN_SECONDS } from "@shared/limits";

export const SLIDER_STEPS = 100;
const RATIO = CARD_DURATION_MAX_SECONDS / CARD_DURATION_MIN_SECONDS;

/** Seconds, rounded to what a person would pick: tenths below 10 s, whole seconds above. */
export function roundSeconds(seconds: number): number {
  const clamped = Math.min(CARD_DURATION_MAX_SECONDS, Math.max(CARD_DURATION_MIN_SECONDS, seconds));
  return clamped < 10 ? Math.round(clamped * 10) / 10 : Math.round(clamped);
}

export function positionToSeconds(position: number): number {
  return roundSeconds(CARD_DURATION_MIN_SECONDS * RATIO ** (position / SLIDER_STEPS));
}

export function secondsToPosition(seconds: number): number {
  const clamped = Math.min(CARD_DURATION_MAX_SECONDS, Math.max(CARD_DURATION_MIN_SECONDS, seconds));
  return Math.round((Math.log(clamped / CARD_DURATION_MIN_SECONDS) / Math.log(RATIO)) * SLIDER_STEPS);
}
