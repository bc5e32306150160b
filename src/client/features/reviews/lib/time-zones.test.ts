import { describe, expect, it } from "vitest";
import { filterTimeZones, timeZoneOptions } from "./time-zones";

// A winter day: no daylight saving in the northern zones, summer time in Sydney.
const january = new Date("2026-01-15T12:00:00Z");
const zones = ["Europe/Paris", "Asia/Tokyo", "America/New_York", "UTC", "Asia/Kolkata", "Australia/Sydney"];

describe("time zones of the review settings", () => {
  it("shows each zone with its offset on the day, west to east", () => {
    expect(timeZoneOptions(zones, january).map((option) => option.label)).toEqual([
      "UTC−05:00 · America/New York",
      "UTC · UTC",
      "UTC+01:00 · Europe/Paris",
      "UTC+05:30 · Asia/Kolkata",
      "UTC+09:00 · Asia/Tokyo",
      "UTC+11:00 · Australia/Sydney",
    ]);
    // Summer: the offsets move with daylight saving.
    const july = timeZoneOptions(["Europe/Paris"], new Date("2026-07-15T12:00:00Z"));
    expect(july[0]?.offset).toBe("UTC+02:00");
  });

  it("finds a zone by a city, a region and city, or an offset, keeping the chosen one", () => {
    const options = timeZoneOptions(zones, january);
    const found = (query: string, chosen = "UTC") => filterTimeZones(options, query, chosen).shown.map((o) => o.zone);
    expect(found("tokyo")).toEqual(["UTC", "Asia/Tokyo"]);
    expect(found("new york", "Asia/Tokyo")).toEqual(["America/New_York", "Asia/Tokyo"]);
    expect(found("america/new", "America/New_York")).toEqual(["America/New_York"]);
    expect(found("utc+9", "America/New_York")).toEqual(["America/New_York", "Asia/Tokyo"]);
    expect(found("+05:30", "Asia/Kolkata")).toEqual(["Asia/Kolkata"]);
    expect(found("UTC-5", "Asia/Kolkata")).toEqual(["America/New_York", "Asia/Kolkata"]);
    expect(found("  ")).toHaveLength(zones.length);
    expect(found("atlantis", "Asia/Tokyo")).toEqual(["Asia/Tokyo"]);
    // The count says what the query found, not the chosen zone kept beside it.
    expect(filterTimeZones(options, "tokyo", "Europe/Paris").matches).toBe(1);
    expect(filterTimeZones(options, "atlantis", "Asia/Tokyo").matches).toBe(0);
    expect(filterTimeZones(options, "", "UTC").matches).toBe(zones.length);
  });
});
