/**
 * The statistics page's figures, shaped for the charts, their one-line summaries and their tables.
 * Pure: dates are the learner's local days as the server sends them (YYYY-MM-DD), counted here as
 * UTC calendar days so no device time zone can shift them; texts are translation keys with their
 * values already formatted for the page's language (Intl).
 */
import type { LearnerStats } from "@shared/schemas/stats";

/** A translation key and its values, for t(key, values). */
export interface Text {
  key: string;
  values?: Record<string, string>;
}

/** A cell's text, or a translation key to show (the cards' states). */
export type Cell = string | Text;

export interface Table {
  /** Translation keys of the column headers; the first column holds each row's header. */
  columns: string[];
  rows: Cell[][];
}

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Days

const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => toDay(toTime(day) + days * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((toTime(to) - toTime(from)) / DAY_MS);
/** 0 for Monday … 6 for Sunday (the server's weeks start on Monday too). */
export const weekday = (day: string) => (new Date(toTime(day)).getUTCDay() + 6) % 7;

/** Today's date in the learner's time zone (the one the server counted their days in). */
export function todayIn(timeZone: string, now: Date): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).formatToParts(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

// ---------------------------------------------------------------------------------------------
// Formatting, in the page's language

export interface Formats {
  number(value: number): string;
  percent(value: number): string;
  seconds(ms: number): string;
  /**
   * An axis tick in seconds, with as many decimals as the ticks' step needs: a step of 0.02 s gives
   * "0.02 sec, 0.04 sec", not "0.0 sec, 0.0 sec" (#23).
   */
  secondsTick(ms: number, stepMs: number): string;
  /** "3 May" / "5月3日" */
  day(day: string): string;
  /** "Sat, 3 May" / "5月3日(土)" */
  dayLong(day: string): string;
  /** "May 2026" / "2026年5月" */
  month(day: string): string;
  /** "May" / "5月" */
  monthShort(day: string): string;
  /** A weekday's short name, 0 = Monday. */
  weekdayName(index: number): string;
}

/** Decimals that tell apart ticks `step` apart (0 for whole steps, at most 3). */
export function decimalsFor(step: number): number {
  if (!(step > 0)) return 1;
  for (let decimals = 0; decimals < 3; decimals++) {
    const scaled = step * 10 ** decimals;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6) return decimals;
  }
  return 3;
}

export function formats(language: string): Formats {
  const number = new Intl.NumberFormat(language);
  const tickSeconds = [0, 1, 2, 3].map(
    (decimals) =>
      new Intl.NumberFormat(language, {
        style: "unit",
        unit: "second",
        unitDisplay: "short",
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }),
  );
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 });
  const seconds = new Intl.NumberFormat(language, {
    style: "unit",
    unit: "second",
    unitDisplay: "short",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const day = new Intl.DateTimeFormat(language, { timeZone: "UTC", month: "short", day: "numeric" });
  const dayLong = new Intl.DateTimeFormat(language, {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
  });
  const month = new Intl.DateTimeFormat(language, { timeZone: "UTC", year: "numeric", month: "long" });
  const monthShort = new Intl.DateTimeFormat(language, { timeZone: "UTC", month: "short" });
  const weekdayName = new Intl.DateTimeFormat(language, { timeZone: "UTC", weekday: "short" });
  return {
    number: (value) => number.format(value),
    percent: (value) => percent.format(value),
    seconds: (ms) => seconds.format(ms / 1000),
    secondsTick: (ms, stepMs) => (tickSeconds[decimalsFor(stepMs / 1000)] ?? seconds).format(ms / 1000),
    day: (d) => day.format(toTime(d)),
    dayLong: (d) => dayLong.format(toTime(d)),
    month: (d) => month.format(toTime(d)),
    monthShort: (d) => monthShort.format(toTime(d)),
    // 2024-01-01 was a Monday.
    weekdayName: (index) => weekdayName.format(Date.UTC(2024, 0, 1 + index)),
  };
}

// ---------------------------------------------------------------------------------------------
// (1) Reviews per day for the last year: a calendar of weeks (columns) by weekdays (rows)

export interface HeatCell {
  /** Week column, 0 = the oldest. */
  x: number;
  /** Weekday row, 0 = Monday. */
  y: number;
  day: string;
  reviews: number;
}

export interface Heatmap {
  cells: HeatCell[];
  weeks: number;
  max: number;
  /** The first day of each month shown, with its week column (for the axis labels). */
  months: { x: number; day: string }[];
}

/** The last `days` days up to today, each with its count (zero when the learner did nothing). */
export function reviewCalendar(reviewsPerDay: LearnerStats["reviewsPerDay"], today: string, days = 365): Heatmap {
  const counts = new Map(reviewsPerDay.map((row) => [row.day, row.reviews]));
  const first = addDays(today, -(days - 1));
  const start = addDays(first, -weekday(first)); // the Monday of the first week
  const cells: HeatCell[] = [];
  const months: Heatmap["months"] = [];
  let max = 0;
  for (let day = first; day <= today; day = addDays(day, 1)) {
    const offset = daysBetween(start, day);
    const x = Math.floor(offset / 7);
    const reviews = counts.get(day) ?? 0;
    max = Math.max(max, reviews);
    cells.push({ x, y: offset % 7, day, reviews });
    if (day.endsWith("-01")) months.push({ x, day });
  }
  return { cells, weeks: Math.floor(daysBetween(start, today) / 7) + 1, max, months };
}

/** Five shades: none, then quarters of the busiest day. */
export function heatLevel(reviews: number, max: number): 0 | 1 | 2 | 3 | 4 {
  if (reviews <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((reviews / max) * 4))) as 1 | 2 | 3 | 4;
}

export function reviewsSummary(reviewsPerDay: LearnerStats["reviewsPerDay"], f: Formats): Text {
  const total = reviewsPerDay.reduce((sum, row) => sum + row.reviews, 0);
  if (total === 0) return { key: "stats.reviews_none" };
  // The busiest day; the latest one on a tie.
  const busiest = reviewsPerDay.reduce((best, row) => (row.reviews >= best.reviews ? row : best));
  return {
    key: "stats.reviews_summary",
    values: {
      total: f.number(total),
      days: f.number(reviewsPerDay.filter((row) => row.reviews > 0).length),
      day: f.day(busiest.day),
      most: f.number(busiest.reviews),
    },
  };
}

/** Per month, newest first: reviews and days with reviews. */
export function reviewsTable(reviewsPerDay: LearnerStats["reviewsPerDay"], f: Formats): Table {
  const months = new Map<string, { reviews: number; days: number }>();
  for (const row of reviewsPerDay) {
    if (row.reviews <= 0) continue;
    const month = `${row.day.slice(0, 7)}-01`;
    const entry = months.get(month) ?? { reviews: 0, days: 0 };
    entry.reviews += row.reviews;
    entry.days += 1;
    months.set(month, entry);
  }
  return {
    columns: ["stats.col_month", "stats.col_reviews", "stats.col_days"],
    rows: [...months]
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([month, { reviews, days }]) => [f.month(month), f.number(reviews), f.number(days)]),
  };
}

// ---------------------------------------------------------------------------------------------
// (2) Cards due per day for the next 30 days

/** Every day from today, overdue cards counted on today (as the server does). */
export function forecastDays(duePerDay: LearnerStats["duePerDay"], today: string, days = 30) {
  const counts = new Map<string, number>();
  for (const row of duePerDay) {
    const day = row.day < today ? today : row.day;
    counts.set(day, (counts.get(day) ?? 0) + row.cards);
  }
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(today, i);
    return { day, cards: counts.get(day) ?? 0 };
  });
}

export function forecastSummary(forecast: { day: string; cards: number }[], f: Formats): Text {
  const total = forecast.reduce((sum, row) => sum + row.cards, 0);
  if (total === 0) return { key: "stats.forecast_none" };
  const busiest = forecast.reduce((best, row) => (row.cards > best.cards ? row : best));
  return {
    key: "stats.forecast_summary",
    values: {
      total: f.number(total),
      day: f.day(busiest.day),
      most: f.number(busiest.cards),
    },
  };
}

export function forecastTable(forecast: { day: string; cards: number }[], f: Formats): Table {
  return {
    columns: ["stats.col_day", "stats.col_cards"],
    rows: forecast.map((row) => [f.dayLong(row.day), f.number(row.cards)]),
  };
}

// ---------------------------------------------------------------------------------------------
// (3) True retention per week

export type RetentionWeek = LearnerStats["retentionPerWeek"][number];

/** Every week from the first with reviews to this one; weeks without reviews have no rate. */
export function retentionWeeks(retentionPerWeek: LearnerStats["retentionPerWeek"], today: string): RetentionWeek[] {
  const withReviews = retentionPerWeek.filter((week) => week.reviews > 0);
  const first = withReviews[0];
  if (!first) return [];
  const byWeek = new Map(withReviews.map((week) => [week.week, week]));
  const thisWeek = addDays(today, -weekday(today));
  const weeks: RetentionWeek[] = [];
  for (let week = first.week; week <= thisWeek; week = addDays(week, 7)) {
    weeks.push(byWeek.get(week) ?? { week, reviews: 0, right: 0, rate: null });
  }
  return weeks;
}

export function retentionSummary(weeks: RetentionWeek[], f: Formats): Text {
  const reviews = weeks.reduce((sum, week) => sum + week.reviews, 0);
  const right = weeks.reduce((sum, week) => sum + week.right, 0);
  if (reviews === 0) return { key: "stats.retention_none" };
  const latest = weeks.findLast((week) => week.reviews > 0);
  return {
    key: "stats.retention_summary",
    values: {
      rate: f.percent(right / reviews),
      right: f.number(right),
      total: f.number(reviews),
      week: f.day(latest?.week ?? ""),
      latest: f.percent(latest ? latest.right / latest.reviews : 0),
    },
  };
}

/** Weeks with reviews, newest first. */
export function retentionTable(weeks: RetentionWeek[], f: Formats): Table {
  return {
    columns: ["stats.col_week", "stats.col_reviews", "stats.col_right", "stats.col_retention"],
    rows: weeks
      .filter((week) => week.reviews > 0)
      .reverse()
      .map((week) => [
        f.day(week.week),
        f.number(week.reviews),
        f.number(week.right),
        f.percent(week.right / week.reviews),
      ]),
  };
}

// ---------------------------------------------------------------------------------------------
// (4) Cards by state

export const CARD_STATES = ["new", "learning", "young", "mature"] as const;
export type CardState = (typeof CARD_STATES)[number];

export function statesSummary(cards: LearnerStats["cardsByState"], f: Formats): Text {
  const total = CARD_STATES.reduce((sum, state) => sum + cards[state], 0);
  if (total === 0) return { key: "stats.states_none" };
  return {
    key: "stats.states_summary",
    values: {
      total: f.number(total),
      new: f.number(cards.new),
      learning: f.number(cards.learning),
      young: f.number(cards.young),
      mature: f.number(cards.mature),
    },
  };
}

export function statesTable(cards: LearnerStats["cardsByState"], f: Formats): Table {
  const total = CARD_STATES.reduce((sum, state) => sum + cards[state], 0);
  return {
    columns: ["stats.col_state", "stats.col_cards", "stats.col_share"],
    rows: CARD_STATES.map((state) => [
      { key: `stats.state_${state}` },
      f.number(cards[state]),
      f.percent(total ? cards[state] / total : 0),
    ]),
  };
}

// ---------------------------------------------------------------------------------------------
// (5) Fluency: median response time in timed tests, per deck

export function fluencySummary(fluency: LearnerStats["fluency"], f: Formats): Text {
  if (fluency.length === 0) return { key: "stats.fluency_none" };
  const fastest = fluency.reduce((best, deck) => (deck.medianMs < best.medianMs ? deck : best));
  const slowest = fluency.reduce((worst, deck) => (deck.medianMs > worst.medianMs ? deck : worst));
  if (fluency.length === 1 || fastest === slowest) {
    return { key: "stats.fluency_one", values: { deck: fastest.deckName, time: f.seconds(fastest.medianMs) } };
  }
  return {
    key: "stats.fluency_summary",
    values: {
      decks: f.number(fluency.length),
      fastest: fastest.deckName,
      fast: f.seconds(fastest.medianMs),
      slowest: slowest.deckName,
      slow: f.seconds(slowest.medianMs),
    },
  };
}

export function fluencyTable(fluency: LearnerStats["fluency"], f: Formats): Table {
  return {
    columns: ["stats.col_deck", "stats.col_median", "stats.col_answers"],
    rows: fluency.map((deck) => [deck.deckName, f.seconds(deck.medianMs), f.number(deck.answers)]),
  };
}
