import { describe, expect, it } from "vitest";
import { addDays, localDay, startOfLocalDate } from "./day";

describe("calendar days in a time zone", () => {
  it("names the learner's day of an instant", () => {
    const at = new Date("2026-03-01T15:30:00Z");
    expect(localDay(at, "UTC")).toBe("2026-03-01");
    expect(localDay(at, "Asia/Tokyo")).toBe("2026-03-02");
    expect(localDay(at, "America/Los_Angeles")).toBe("2026-03-01");
  });

  it("finds when a day begins, in zones a day apart from UTC's noon too", () => {
    expect(startOfLocalDate("2026-03-05", "UTC").toISOString()).toBe("2026-03-05T00:00:00.000Z");
    expect(startOfLocalDate("2026-03-05", "Asia/Tokyo").toISOString()).toBe("2026-03-04T15:00:00.000Z");
    expect(startOfLocalDate("2026-03-05", "America/New_York").toISOString()).toBe("2026-03-05T05:00:00.000Z");
    // UTC+14 and UTC-11: noon UTC is already the next day there, or still the day before.
    expect(startOfLocalDate("2026-03-05", "Pacific/Kiritimati").toISOString()).toBe("2026-03-04T10:00:00.000Z");
    expect(startOfLocalDate("2026-03-05", "Pacific/Pago_Pago").toISOString()).toBe("2026-03-05T11:00:00.000Z");
  });

  it("counts days across months and years", () => {
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", 730)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
