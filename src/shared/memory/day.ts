const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `at` in a time zone, read as if it were UTC: its offset is the difference. */
function wallClock(at: Date, timeZone: string) {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (clockFormats.size > 1000) clockFormats.clear();
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const day = { year: part("year"), month: part("month"), day: part("day") };
  const asUtc = Date.UTC(day.year, day.month - 1, day.day, part("hour"), part("minute"), part("second"));
  return { ...day, offset: asUtc - Math.floor(at.getTime() / 1000) * 1000 };
}

/** When the learner's day began, in their time zone: daily limits count from here. */
export function startOfDay(now: Date, timeZone: string): Date {
  const { year, month, day, offset } = wallClock(now, timeZone);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // Midnight with now's offset, then with midnight's own: on a day the clocks change they differ.
  const guess = midnightAsUtc - offset;
  return new Date(midnightAsUtc - wallClock(new Date(guess), timeZone).offset);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The learner's calendar day of `at` in their time zone, as YYYY-MM-DD. One formatter per zone is
 * kept: making one costs far more than using it, and a batch asks this for each of its answers.
 */
export function localDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    if (dayFormats.size > 1000) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** When a calendar day (YYYY-MM-DD) begins in a time zone. */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const noon = Date.UTC(year, month - 1, day, 12);
  // Noon UTC falls on that local day in zones from UTC-12 to UTC+11; the rest are a day off.
  for (const guess of [noon, noon - DAY_MS, noon + DAY_MS]) {
    if (localDay(new Date(guess), timeZone) === date) return startOfDay(new Date(guess), timeZone);
  }
  return startOfDay(new Date(noon), timeZone);
}

/** A calendar day (YYYY-MM-DD) `days` later (or earlier). */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
