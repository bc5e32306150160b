import { describe, expect, it } from "vitest";
import { mix } from "./colors";
import {
  addDays,
  decimalsFor,
  fluencySummary,
  fluencyTable,
  forecastDays,
  forecastSummary,
  forecastTable,
  formats,
  heatLevel,
  retentionSummary,
  retentionTable,
  retentionWeeks,
  reviewCalendar,
  reviewsSummary,
  reviewsTable,
  statesSummary,
  statesTable,
  todayIn,
  weekday,
} from "./shape";

const en = formats("en");
const ja = formats("ja");

describe("days", () => {
  it("counts calendar days whatever the device's time zone, weeks from Monday", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30"); // a summer-time change in Europe
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(weekday("2026-05-04")).toBe(0); // a Monday
    expect(weekday("2026-05-10")).toBe(6);
  });

  it("takes today in the learner's time zone", () => {
    const now = new Date("2026-05-03T23:30:00Z");
    expect(todayIn("UTC", now)).toBe("2026-05-03");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-05-04");
    expect(todayIn("America/New_York", now)).toBe("2026-05-03");
    expect(todayIn("Not/AZone", now)).toBe("2026-05-03");
  });
});

describe("reviews per day", () => {
  const days = [
    { day: "2025-06-10", reviews: 4 },
    { day: "2026-05-03", reviews: 24 },
    { day: "2026-05-04", reviews: 8 },
  ];

  it("lays a year out as weeks of Monday to Sunday, with the month starts for the axis", () => {
    const calendar = reviewCalendar(days, "2026-05-06");
    expect(calendar.cells).toHaveLength(365);
    expect(calendar.cells.at(-1)).toEqual({ x: calendar.weeks - 1, y: 2, day: "2026-05-06", reviews: 0 });
    expect(calendar.cells.find((c) => c.day === "2026-05-03")).toMatchObject({ y: 6, reviews: 24 });
    expect(calendar.cells.find((c) => c.day === "2026-05-04")).toMatchObject({ x: calendar.weeks - 1, y: 0 });
    expect(calendar.max).toBe(24);
    expect(calendar.weeks).toBe(53);
    expect(calendar.months.map((m) => m.day)).toContain("2026-05-01");
    expect(calendar.months).toHaveLength(12);
  });

  it("shades by quarters of the busiest day", () => {
    expect([0, 1, 6, 7, 13, 24].map((n) => heatLevel(n, 24))).toEqual([0, 1, 1, 2, 3, 4]);
    expect(heatLevel(0, 0)).toBe(0);
  });

  it("sums up the year and names the busiest day", () => {
    expect(reviewsSummary(days, en)).toEqual({
      key: "stats.reviews_summary",
      values: { total: "36", days: "3", day: "May 3", most: "24" },
    });
    expect(reviewsSummary(days, ja).values?.day).toBe("5月3日");
    expect(reviewsSummary([], en)).toEqual({ key: "stats.reviews_none" });
    expect(reviewsSummary([{ day: "2026-01-01", reviews: 1234 }], en).values?.total).toBe("1,234");
  });

  it("tables the months, newest first", () => {
    expect(reviewsTable(days, en)).toEqual({
      columns: ["stats.col_month", "stats.col_reviews", "stats.col_days"],
      rows: [
        ["May 2026", "32", "2"],
        ["June 2025", "4", "1"],
      ],
    });
    expect(reviewsTable(days, ja).rows[0]?.[0]).toBe("2026年5月");
  });
});

describe("cards due", () => {
  it("fills thirty days from today, overdue cards on today", () => {
    const forecast = forecastDays(
      [
        { day: "2026-05-01", cards: 3 },
        { day: "2026-05-06", cards: 2 },
        { day: "2026-05-09", cards: 7 },
      ],
      "2026-05-06",
    );
    expect(forecast).toHaveLength(30);
    expect(forecast[0]).toEqual({ day: "2026-05-06", cards: 5 });
    expect(forecast[3]).toEqual({ day: "2026-05-09", cards: 7 });
    expect(forecast.at(-1)?.day).toBe("2026-06-04");
    expect(forecastSummary(forecast, en)).toEqual({
      key: "stats.forecast_summary",
      values: { total: "12", day: "May 9", most: "7" },
    });
    expect(forecastTable(forecast, en).rows.slice(0, 2)).toEqual([
      ["Wed, May 6", "5"],
      ["Thu, May 7", "0"],
    ]);
    expect(forecastSummary(forecastDays([], "2026-05-06"), en)).toEqual({ key: "stats.forecast_none" });
  });
});

describe("retention", () => {
  const weeks = [
    { week: "2026-04-13", reviews: 10, right: 8, rate: 0.8 },
    { week: "2026-04-27", reviews: 4, right: 4, rate: 1 },
  ];

  it("keeps the weeks without reviews as gaps up to this week", () => {
    const filled = retentionWeeks(weeks, "2026-05-06");
    expect(filled.map((w) => [w.week, w.reviews])).toEqual([
      ["2026-04-13", 10],
      ["2026-04-20", 0],
      ["2026-04-27", 4],
      ["2026-05-04", 0],
    ]);
    expect(filled[1]?.rate).toBeNull();
    expect(retentionWeeks([], "2026-05-06")).toEqual([]);
  });

  it("sums up the share answered right, overall and in the latest week", () => {
    const filled = retentionWeeks(weeks, "2026-05-06");
    expect(retentionSummary(filled, en)).toEqual({
      key: "stats.retention_summary",
      values: { rate: "86%", right: "12", total: "14", week: "Apr 27", latest: "100%" },
    });
    expect(retentionTable(filled, en).rows).toEqual([
      ["Apr 27", "4", "4", "100%"],
      ["Apr 13", "10", "8", "80%"],
    ]);
    expect(retentionSummary([], en)).toEqual({ key: "stats.retention_none" });
  });
});

describe("cards by state", () => {
  it("counts each state and its share", () => {
    const cards = { new: 10, learning: 5, young: 3, mature: 2 };
    expect(statesSummary(cards, en)).toEqual({
      key: "stats.states_summary",
      values: { total: "20", new: "10", learning: "5", young: "3", mature: "2" },
    });
    expect(statesTable(cards, en).rows).toEqual([
      [{ key: "stats.state_new" }, "10", "50%"],
      [{ key: "stats.state_learning" }, "5", "25%"],
      [{ key: "stats.state_young" }, "3", "15%"],
      [{ key: "stats.state_mature" }, "2", "10%"],
    ]);
    expect(statesSummary({ new: 0, learning: 0, young: 0, mature: 0 }, en)).toEqual({ key: "stats.states_none" });
  });
});

describe("fluency", () => {
  const deck = (deckName: string, medianMs: number, answers = 10) => ({
    deckId: 1,
    deckName,
    courseId: 1,
    answers,
    medianMs,
  });

  it("names the fastest and slowest decks, in seconds", () => {
    const decks = [deck("Numbers", 1200), deck("Colours", 3450, 4), deck("Days", 2000)];
    expect(fluencySummary(decks, en)).toEqual({
      key: "stats.fluency_summary",
      values: { decks: "3", fastest: "Numbers", fast: "1.2 sec", slowest: "Colours", slow: "3.5 sec" },
    });
    expect(fluencySummary(decks, ja).values?.fast).toBe("1.2 秒");
    expect(fluencyTable(decks, en).rows[1]).toEqual(["Colours", "3.5 sec", "4"]);
    expect(fluencySummary([deck("Numbers", 900)], en)).toEqual({
      key: "stats.fluency_one",
      values: { deck: "Numbers", time: "0.9 sec" },
    });
    expect(fluencySummary([], en)).toEqual({ key: "stats.fluency_none" });
  });

  it("labels the axis with as many decimals as its step needs, in both languages", () => {
    expect([0, 1, 0.5, 0.25, 0.02, 0.1 + 0.2, 0.0004].map(decimalsFor)).toEqual([1, 0, 1, 2, 2, 1, 3]);
    expect([0, 20, 40, 60].map((ms) => en.secondsTick(ms, 20))).toEqual([
      "0.00 sec",
      "0.02 sec",
      "0.04 sec",
      "0.06 sec",
    ]);
    expect([0, 500, 1000].map((ms) => en.secondsTick(ms, 500))).toEqual(["0.0 sec", "0.5 sec", "1.0 sec"]);
    expect([0, 2000, 4000].map((ms) => ja.secondsTick(ms, 2000))).toEqual(["0 秒", "2 秒", "4 秒"]);
  });
});

describe("colors", () => {
  it("mixes two theme colors", () => {
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
    expect(mix("#fff", "#5b5bd6", 1)).toBe("#5b5bd6");
    expect(mix("rgb(0 0 0)", "#5b5bd6", 0.5)).toBe("#5b5bd6");
  });
});
