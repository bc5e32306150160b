import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReviewMode } from "../schemas/review";
import { localDay } from "./day";
import { type LoggedAnswer, modeReason, recallCounts, replayLog } from "./recall";
import { applyAnswer, type Grade, replay } from "./scheduler";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const start = Date.UTC(2026, 0, 1, 12);
const at = (ms: number) => new Date(start + ms);
const answer = (i: number, mode: ReviewMode, grade: Grade, ms: number): LoggedAnswer => ({
  id: `id-${String(i).padStart(3, "0")}`,
  mode,
  grade,
  answeredAt: at(ms),
});
const UTC = { timeZone: "UTC" };

describe("which answers move a card's memory", () => {
  it("counts recall (review, flip, choice, write, test); matching and tiles are recognition, practice is practice", () => {
    for (const mode of ["review", "flip", "choice", "write", "test"] as const) expect(modeReason(mode)).toBeNull();
    expect(modeReason("matching")).toBe("recognition");
    expect(modeReason("tiles")).toBe("recognition");
    expect(modeReason("practice")).toBe("practice");
  });

  it("counts a card's first answer, then the first of each day; same-day repeats only as a due short-term step", () => {
    const first = applyAnswer(null, { grade: 3, answeredAt: at(0) });
    expect(recallCounts(null, at(0), "UTC")).toBe(true);
    expect(first.state).toBe("learning");
    // Its learning step is not due yet: the same card in another mode a moment later is a repeat.
    expect(recallCounts(first, at(20 * 1000), "UTC")).toBe(false);
    // Once the step is due, the short-term answer counts.
    expect(recallCounts(first, first.due, "UTC")).toBe(true);
    const graduated = applyAnswer(applyAnswer(first, { grade: 3, answeredAt: first.due }), {
      grade: 3,
      answeredAt: new Date(first.due.getTime() + 15 * MINUTE),
    });
    expect(graduated.state).toBe("review");
    // A card scheduled in days answered again the same day: logged only, whatever the time.
    expect(recallCounts(graduated, new Date((graduated.lastReview?.getTime() ?? 0) + 3 * 60 * MINUTE), "UTC")).toBe(
      false,
    );
    expect(recallCounts(graduated, at(DAY), "UTC")).toBe(true);
  });

  it("reads the day in the learner's time zone", () => {
    // 23:30 in Tokyo and 00:30 the next day there are an hour apart and on two days; in UTC both
    // are on the same day (14:30 and 15:30).
    const memory = applyAnswer(null, { grade: 3, answeredAt: new Date("2026-03-01T14:30:00Z") });
    const reviewState = { ...memory, state: "review" as const, due: new Date("2026-03-05T00:00:00Z") };
    const later = new Date("2026-03-01T15:30:00Z");
    expect(localDay(later, "Asia/Tokyo")).toBe("2026-03-02");
    expect(recallCounts(reviewState, later, "Asia/Tokyo")).toBe(true);
    expect(recallCounts(reviewState, later, "UTC")).toBe(false);
  });

  it("logs recognition, practice and same-day repeats without scheduling", () => {
    const log = [
      answer(0, "matching", 1, 0),
      answer(1, "tiles", 1, MINUTE),
      answer(2, "practice", 1, 2 * MINUTE),
      answer(3, "flip", 3, 3 * MINUTE),
      answer(4, "choice", 1, 3 * MINUTE + 10 * 1000),
      answer(5, "test", 3, 2 * DAY),
    ];
    const { memory, reasons } = replayLog(log, UTC);
    expect([...reasons.values()]).toEqual(["recognition", "recognition", "practice", null, "same_day", null]);
    expect(memory).toEqual(replay([log[3], log[5]].filter((a) => a !== undefined)));
  });
});

/** Recall answers to one card, each on a day of its own (a day or more apart), in any order. */
const dailyRecall = fc
  .uniqueArray(fc.integer({ min: 0, max: 365 }), { minLength: 1, maxLength: 30 })
  .chain((days) =>
    fc.tuple(
      fc.constant(days),
      fc.array(fc.constantFrom<Grade>(1, 2, 3, 4), { minLength: days.length, maxLength: days.length }),
      fc.array(fc.constantFrom<ReviewMode>("review", "flip", "choice", "write", "test"), {
        minLength: days.length,
        maxLength: days.length,
      }),
      fc.array(fc.integer({ min: -11 * 60, max: 11 * 60 }), { minLength: days.length, maxLength: days.length }),
    ),
  )
  .map(([days, grades, modes, minutes]) =>
    days.map((day, i) => answer(i, modes[i] ?? "flip", grades[i] ?? 3, day * DAY + (minutes[i] ?? 0) * MINUTE)),
  );

/** Any answers to one card: every mode, several on a day, some within minutes. */
const anyLog = fc
  .array(
    fc.record({
      mode: fc.constantFrom<ReviewMode>("review", "flip", "choice", "write", "test", "matching", "tiles", "practice"),
      grade: fc.constantFrom<Grade>(1, 2, 3, 4),
      offset: fc.oneof(fc.integer({ min: 0, max: 60 * DAY }), fc.integer({ min: 0, max: 3 * 60 * MINUTE })),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((answers) => answers.map((a, i) => answer(i, a.mode, a.grade, a.offset)));

describe("replaying a card's log", () => {
  it("gives what the scheduler gave before for a log of recall answers one a day: each one counts", () => {
    fc.assert(
      fc.property(dailyRecall, (log) => {
        const { memory, reasons } = replayLog(log, UTC);
        expect(memory).toEqual(replay(log));
        expect([...reasons.values()].every((reason) => reason === null)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("gives the same memory and the same verdicts whatever order the answers arrived in", () => {
    fc.assert(
      fc.property(
        anyLog,
        fc.func(fc.integer()),
        fc.constantFrom("UTC", "Asia/Tokyo", "America/New_York"),
        (log, order, timeZone) => {
          const shuffled = [...log].sort((a, b) => order(a.id) - order(b.id));
          const a = replayLog(log, { timeZone });
          const b = replayLog(shuffled, { timeZone });
          expect(b.memory).toEqual(a.memory);
          for (const [id, reason] of a.reasons) expect(b.reasons.get(id)).toBe(reason);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("never counts more than the days answered plus due short-term steps, and never recognition or practice", () => {
    fc.assert(
      fc.property(anyLog, (log) => {
        const { memory, reasons } = replayLog(log, UTC);
        const counted = log.filter((a) => reasons.get(a.id) === null);
        expect(counted.every((a) => modeReason(a.mode) === null)).toBe(true);
        expect(memory?.reps ?? 0).toBe(counted.length);
        if (counted.length === 0) expect(memory).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});
