/**
 * An interval as the review buttons show it: "1 min", "10 min", "3 h", "4 d", "2 mo", "1.5 yr" in
 * English, "10分", "3時間", "4日" in Japanese (the platform's unit names, natural in each language).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export function formatInterval(ms: number, language: string): string {
  const [value, unit]: [number, Intl.NumberFormatOptions["unit"]] =
    ms < HOUR
      ? [Math.max(1, Math.round(ms / MINUTE)), "minute"]
      : ms < DAY
        ? [Math.round(ms / HOUR), "hour"]
        : ms < MONTH
          ? [Math.round(ms / DAY), "day"]
          : ms < YEAR
            ? [Math.round((ms / MONTH) * 10) / 10, "month"]
            : [Math.round((ms / YEAR) * 10) / 10, "year"];
  const text = new Intl.NumberFormat(language, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(value);
  // Japanese writes a number and its counter together: "10分", not "10 分".
  return language.startsWith("ja") ? text.replace(/\s+/g, "") : text;
}
