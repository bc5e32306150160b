import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { startOfDay } from "./day";
import { type Answer, applyAnswer, byAnswerTime, type Grade, nextIntervals, replay } from "./scheduler";

const start = Date.UTC(2026, 0, 1);
const DAY = 24 * 60 * 60 * 1000;

/** Answers to one card over about a year, with distinct ids. */
const history = fc
  .array(
    fc.record({
      grade: fc.constantFrom<Grade>(1, 2, 3, 4),
      offset: fc.integer({ min: 0, max: 365 * DAY }),
    }),
    { minLength: 1, maxLength: 30 },
  )
  .map((answers) =>
    answers.map(
      (answer, i): Answer => ({
        id: `id-${String(i).padStart(3, "0")}`,
        grade: answer.grade,
        answeredAt: new Date(start + answer.offset),
      }),
    ),
  );

describe("the scheduler wrapper", () => {
  it("gives the same memory for the same answers, whatever order they arrived in", () => {
    fc.assert(
      fc.property(history, fc.func(fc.integer()), (answers, order) => {
        const shuffled = [...answers].sort((a, b) => order(a.id) - order(b.id));
        expect(replay(shuffled)).toEqual(replay(answers));
      }),
      { numRuns: 200 },
    );
  });

  it("gives the same memory step by step (in answer order) as a whole replay", () => {
    fc.assert(
      fc.property(history, (answers) => {
        let memory = null;
        for (const answer of [...answers].sort(byAnswerTime)) memory = applyAnswer(memory, answer);
        expect(memory).toEqual(replay(answers));
      }),
      { numRuns: 100 },
    );
  });

  it("schedules a right answer later than a wrong one, and a lapse counts", () => {
    const now = new Date(start);
    const good = applyAnswer(null, { grade: 3, answeredAt: now });
    const again = applyAnswer(null, { grade: 1, answeredAt: now });
    expect(good.due.getTime()).toBeGreaterThan(again.due.getTime());
    expect(good.reps).toBe(1);

    const learned = replay([
      { id: "a", grade: 3, answeredAt: now },
      { id: "b", grade: 3, answeredAt: new Date(start + 10 * 60 * 1000) },
      { id: "c", grade: 3, answeredAt: new Date(start + 3 * DAY) },
    ]);
    expect(learned?.state).toBe("review");
    const lapsed = applyAnswer(learned, { grade: 1, answeredAt: new Date(start + 20 * DAY) });
    expect(lapsed.lapses).toBe(1);
    expect(lapsed.state).toBe("relearning");
  });

  it("previews a longer interval for each higher grade", () => {
    const intervals = nextIntervals(null, new Date(start));
    expect(intervals[1]).toBeLessThan(intervals[2]);
    expect(intervals[2]).toBeLessThan(intervals[3]);
    expect(intervals[3]).toBeLessThan(intervals[4]);
  });

  it("schedules further ahead for a lower desired retention", () => {
    const answers: Answer[] = [
      { id: "a", grade: 3, answeredAt: new Date(start) },
      { id: "b", grade: 3, answeredAt: new Date(start + 10 * 60 * 1000) },
      { id: "c", grade: 3, answeredAt: new Date(start + 3 * DAY) },
    ];
    const at = (retention: number) => replay(answers, retention)?.scheduledDays ?? 0;
    expect(at(0.7)).toBeGreaterThan(at(0.9));
    expect(at(0.9)).toBeGreaterThan(at(0.99));
  });
});

describe("the learner's day", () => {
  it("starts at local midnight in their time zone", () => {
    const now = new Date("2026-03-10T20:30:00Z");
    expect(startOfDay(now, "UTC").toISOString()).toBe("2026-03-10T00:00:00.000Z");
    // 05:30 on the 11th in Tokyo (UTC+9): the day began at 15:00 UTC on the 10th.
    expect(startOfDay(now, "Asia/Tokyo").toISOString()).toBe("2026-03-10T15:00:00.000Z");
    // 16:30 on the 10th in New York (UTC-4 after the clocks changed on the 8th).
    expect(startOfDay(now, "America/New_York").toISOString()).toBe("2026-03-10T04:00:00.000Z");
  });
});
