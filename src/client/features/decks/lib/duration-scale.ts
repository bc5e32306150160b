/**
 * The card duration control is logarithmic (0.5 s to 30 s): equal slider steps feel like equal
 * changes, so 0.5 → 1 s gets as much room as 10 → 20 s.
 */
import { CARD_DURATION_MAX_SECONDS, CARD_DURATION_MIN_SECONDS } from "@shared/limits";

const RATIO = CARD_DURATION_MAX_SECONDS / CARD_DURATION_MIN_SECONDS;
/** Points of the logarithmic curve sampled before rounding (several round to the same value). */
const CURVE_POINTS = 100;

/** Seconds, rounded to what a person would pick: tenths below 10 s, whole seconds above. */
export function roundSeconds(seconds: number): number {
  const clamped = Math.min(CARD_DURATION_MAX_SECONDS, Math.max(CARD_DURATION_MIN_SECONDS, seconds));
  return clamped < 10 ? Math.round(clamped * 10) / 10 : Math.round(clamped);
}

/**
 * Every value the slider offers, smallest first, each once: one arrow-key step always moves to the
 * next value (stepping the curve itself got stuck where neighbouring points rounded alike).
 */
export const DURATION_STOPS: readonly number[] = [
  ...new Set(
    Array.from({ length: CURVE_POINTS + 1 }, (_, i) =>
      roundSeconds(CARD_DURATION_MIN_SECONDS * RATIO ** (i / CURVE_POINTS)),
    ),
  ),
];
export const SLIDER_STEPS = DURATION_STOPS.length - 1;

export function positionToSeconds(position: number): number {
  const index = Math.min(SLIDER_STEPS, Math.max(0, Math.round(position)));
  return DURATION_STOPS[index] ?? CARD_DURATION_MIN_SECONDS;
}

/** The stop nearest to `seconds` on the logarithmic scale (a card's time may lie between stops). */
export function secondsToPosition(seconds: number): number {
  const target = Math.log(Math.min(CARD_DURATION_MAX_SECONDS, Math.max(CARD_DURATION_MIN_SECONDS, seconds)));
  let best = 0;
  for (let i = 1; i < DURATION_STOPS.length; i++) {
    const stop = DURATION_STOPS[i] ?? 0;
    if (Math.abs(Math.log(stop) - target) < Math.abs(Math.log(DURATION_STOPS[best] ?? 0) - target)) best = i;
  }
  return best;
}
