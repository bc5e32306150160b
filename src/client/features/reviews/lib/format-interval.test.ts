import { describe, expect, it } from "vitest";
import { formatInterval } from "./format-interval";

const MINUTE = 60_000;

describe("formatInterval", () => {
  it("names the interval in the largest fitting unit, in each language", () => {
    expect(formatInterval(30_000, "en")).toBe("1 min");
    expect(formatInterval(10 * MINUTE, "en")).toBe("10 min");
    expect(formatInterval(3 * 60 * MINUTE, "en")).toBe("3 hr");
    expect(formatInterval(4 * 24 * 60 * MINUTE, "en")).toBe("4 days");
    expect(formatInterval(45 * 24 * 60 * MINUTE, "en")).toBe("1.5 mths");
    expect(formatInterval(10 * MINUTE, "ja")).toBe("10分");
    expect(formatInterval(4 * 24 * 60 * MINUTE, "ja")).toBe("4日");
  });
});
