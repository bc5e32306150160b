/**
 * The review settings' time zones, each with its offset now ("UTC+09:00"), in offset order, and a
 * filter for the search field (#23: a raw list of ~400 names, no offsets, no search, was unusable).
 */

export interface TimeZoneOption {
  zone: string;
  /** "UTC+09:00", "UTC−03:30", "UTC" */
  offset: string;
  /** Minutes east of UTC, for the order. */
  minutes: number;
  /** What the list shows: "UTC+09:00 · Asia/Tokyo". */
  label: string;
}

/** The zone's offset at `at`, from the browser's own data ("GMT+09:00" → +540). */
function offsetMinutes(zone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

function offsetText(minutes: number): string {
  if (minutes === 0) return "UTC";
  const sign = minutes > 0 ? "+" : "−";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** Every zone given, with its offset at `at`, west to east, then by name. */
export function timeZoneOptions(zones: readonly string[], at: Date): TimeZoneOption[] {
  return zones
    .map((zone) => {
      const minutes = offsetMinutes(zone, at);
      const offset = offsetText(minutes);
      return { zone, offset, minutes, label: `${offset} · ${zone.replaceAll("_", " ")}` };
    })
    .sort((a, b) => a.minutes - b.minutes || a.zone.localeCompare(b.zone));
}

/** Folds case, and "_" and "/" to spaces, so "new york", "New_York" and "america/new" all match. */
const fold = (text: string) => text.toLowerCase().replace(/[_/]+/g, " ").replace(/−/g, "-");

/**
 * The options whose name or offset contains every word of the query ("tokyo", "utc+9", "+05:30",
 * "america new"); all of them for an empty query. `shown` keeps the chosen zone too, so the list's
 * value is always one of its options; `matches` counts only what the query found.
 */
export function filterTimeZones(
  options: readonly TimeZoneOption[],
  query: string,
  chosen: string,
): { shown: TimeZoneOption[]; matches: number } {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return { shown: [...options], matches: options.length };
  const found = (option: TimeZoneOption) => {
    const offset = fold(option.offset);
    const text = `${offset} ${offset.replace(/([+-])0/, "$1")} ${fold(option.zone)}`;
    return words.every((word) => text.includes(word));
  };
  let matches = 0;
  const shown = options.filter((option) => {
    const hit = found(option);
    if (hit) matches += 1;
    return hit || option.zone === chosen;
  });
  return { shown, matches };
}
