import { describe, expect, it } from "vitest";
import {
  type Answer,
  applyAnswer,
  DEFAULT_PARAMETERS,
  nextIntervals,
  PARAMETER_COUNT,
  replay,
  retrievability,
  usableParameters,
} from "./scheduler";

const start = Date.UTC(2026, 0, 1);
const DAY = 24 * 60 * 60 * 1000;

/** A card learnt over a few days, then a few weeks' pause. */
const answers: Answer[] = [
  { id: "a", grade: 3, answeredAt: new Date(start) },
  { id: "b", grade: 3, answeredAt: new Date(start + 10 * 60 * 1000) },
  { id: "c", grade: 3, answeredAt: new Date(start + 3 * DAY) },
  { id: "d", grade: 3, answeredAt: new Date(start + 12 * DAY) },
];

/** Weights of a learner who forgets faster than the defaults say: a third of the first stabilities. */
const forgetful = DEFAULT_PARAMETERS.map((w, i) => (i <= 3 ? w / 3 : w));

describe("a learner's own memory model in the scheduler (decision 0046)", () => {
  it("expects FSRS-6's 21 weights, as this ts-fsrs does", () => {
    expect(PARAMETER_COUNT).toBe(21);
    expect(usableParameters(DEFAULT_PARAMETERS)).toBe(true);
  });

  it("schedules with the learner's weights when they are usable", () => {
    const theirs = replay(answers, 0.9, forgetful);
    const defaults = replay(answers, 0.9);
    expect(theirs?.stability).toBeLessThan(defaults?.stability ?? 0);
    expect(nextIntervals(theirs, new Date(start + 20 * DAY), 0.9, forgetful)[3]).toBeLessThan(
      nextIntervals(defaults, new Date(start + 20 * DAY), 0.9)[3],
    );
    // The same weights given again (another array) give the same schedule.
    expect(replay(answers, 0.9, [...forgetful])).toEqual(theirs);
  });

  it("falls back to the defaults, whole, for weights that cannot schedule", () => {
    const defaults = replay(answers, 0.9);
    const broken: (readonly number[])[] = [
      [],
      DEFAULT_PARAMETERS.slice(0, 19), // FSRS-5's count
      [...DEFAULT_PARAMETERS, 0.5], // one too many
      DEFAULT_PARAMETERS.map((w, i) => (i === 4 ? Number.NaN : w)),
      DEFAULT_PARAMETERS.map((w, i) => (i === 0 ? Number.POSITIVE_INFINITY : w)),
      DEFAULT_PARAMETERS.map((w, i) => (i === 7 ? (String(w) as unknown as number) : w)),
    ];
    for (const parameters of broken) {
      expect(usableParameters(parameters)).toBe(false);
      expect(replay(answers, 0.9, parameters)).toEqual(defaults);
      expect(nextIntervals(defaults, new Date(start + 20 * DAY), 0.9, parameters)).toEqual(
        nextIntervals(defaults, new Date(start + 20 * DAY), 0.9),
      );
    }
    expect(usableParameters(null)).toBe(false);
    expect(usableParameters(undefined)).toBe(false);
    expect(replay(answers, 0.9, null)).toEqual(defaults);
  });

  it("answers step by step as a whole replay does, with the learner's weights", () => {
    let memory = null;
    for (const answer of answers) memory = applyAnswer(memory, answer, 0.85, forgetful);
    expect(memory).toEqual(replay([...answers].reverse(), 0.85, forgetful));
  });

  it("predicts less recall as time passes, and less for a forgetful learner", () => {
    const memory = replay(answers);
    if (!memory) throw new Error("no memory");
    const soon = retrievability(memory, new Date(start + 13 * DAY));
    const later = retrievability(memory, new Date(start + 60 * DAY));
    expect(soon).toBeGreaterThan(later);
    const theirs = replay(answers, 0.9, forgetful);
    if (!theirs) throw new Error("no memory");
    expect(retrievability(theirs, new Date(start + 60 * DAY), forgetful)).toBeLessThan(later);
  });
});
