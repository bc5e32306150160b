import { describe, expect, it } from "vitest";
import { formatSize } from "./format-size";

const english = (count: number) => `${count} ${count === 1 ? "byte" : "bytes"}`;

describe("formatSize", () => {
  it("uses bytes, kilobytes and megabytes as the size grows", () => {
    expect(formatSize(512, "en", english)).toBe("512\u00a0bytes");
    expect(formatSize(12_345, "en", english)).toBe("12.3\u00a0kB");
    expect(formatSize(1_400_000, "en", english)).toBe("1.4\u00a0MB");
  });
  it("counts bytes with the translations, so nothing says '0 byte'", () => {
    expect(formatSize(0, "en", english)).toBe("0\u00a0bytes");
    expect(formatSize(1, "en", english)).toBe("1\u00a0byte");
    expect(formatSize(0, "ja", (count) => `${count}バイト`)).toBe("0バイト");
  });
  it("writes the number in the page's language", () => {
    expect(formatSize(12_345, "ja", english)).toMatch(/^12\.3\s?[kK]B$/);
  });
  it("never lets a line break between the number and its unit", () => {
    for (const bytes of [0, 512, 12_345, 1_400_000]) expect(formatSize(bytes, "en", english)).not.toMatch(/ /);
  });
});
