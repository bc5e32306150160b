import { describe, expect, it } from "vitest";
import { namesMatch } from "./confirm-name";

describe("namesMatch", () => {
  it("ignores spaces before and after the typed name", () => {
    expect(namesMatch("Imported cards ", "Imported cards")).toBe(true);
    expect(namesMatch("  Imported cards\t", "Imported cards")).toBe(true);
  });

  it("still wants the name itself, exactly", () => {
    expect(namesMatch("Imported  cards", "Imported cards")).toBe(false);
    expect(namesMatch("imported cards", "Imported cards")).toBe(false);
    expect(namesMatch("", "Imported cards")).toBe(false);
  });
});
