import { DAY_MS, startOfDay } from "@shared/memory/day";
import { describe, expect, it } from "vitest";
import { capActive, examCap } from "./memory-counts";

/** The learner's day containing `now` ends here. */
const dayEndOf = (now: Date, timeZone: string) => new Date(startOfDay(now, timeZone).getTime() + DAY_MS);

describe("an exam's cap (decision 0049)", () => {
  it("runs from the start of the day before the exam to the exam day's start, in the learner's zone", () => {
    expect(examCap(1, "2026-03-05", "UTC")).toEqual({
      courseId: 1,
      capStart: new Date("2026-03-04T00:00:00Z"),
      examStart: new Date("2026-03-05T00:00:00Z"),
    });
    expect(examCap(1, "2026-03-05", "Asia/Tokyo")).toMatchObject({
      capStart: new Date("2026-03-03T15:00:00Z"),
      examStart: new Date("2026-03-04T15:00:00Z"),
    });
  });

  it("keeps the day before whole across a clock change (New York's spring forward, 8 March 2026)", () => {
    const cap = examCap(1, "2026-03-09", "America/New_York");
    // The 8th starts at 05:00 UTC (EST) and the 9th at 04:00 UTC (EDT): a 23-hour day.
    expect(cap.capStart).toEqual(new Date("2026-03-08T05:00:00Z"));
    expect(cap.examStart).toEqual(new Date("2026-03-09T04:00:00Z"));
  });

  it("applies on the day before only: not earlier, not on the exam day", () => {
    const cap = examCap(1, "2026-03-05", "UTC");
    const on = (iso: string) => {
      const now = new Date(iso);
      return capActive(cap, now, dayEndOf(now, "UTC"));
    };
    expect(on("2026-03-03T23:59:00Z")).toBe(false);
    expect(on("2026-03-04T00:00:00Z")).toBe(true);
    expect(on("2026-03-04T23:59:00Z")).toBe(true);
    expect(on("2026-03-05T00:00:00Z")).toBe(false);
    expect(on("2026-04-01T12:00:00Z")).toBe(false);
  });
});
