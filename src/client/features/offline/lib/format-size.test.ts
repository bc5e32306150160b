import { describe, expect, it } from "vitest";
import { formatSize } from "./format-size";

describe("formatSize", () => {
  it("uses bytes, kilobytes and megabytes as the size grows", () => {
    expect(formatSize(512, "en")).toBe("512 byte");
    expect(formatSize(12_345, "en")).toBe("12.3 kB");
    expect(formatSize(1_400_000, "en")).toBe("1.4 MB");
  });
  it("writes the number in the page's language", () => {
    expect(formatSize(12_345, "ja")).toMatch(/^12\.3\s?[kK]B$/);
  });
});
