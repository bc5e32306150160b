import { describe, expect, it } from "vitest";
import { isComposing } from "./composition";

const key = (init: KeyboardEventInit & { keyCode?: number }) =>
  ({ isComposing: init.isComposing ?? false, keyCode: init.keyCode ?? 13, key: init.key ?? "Enter" }) as KeyboardEvent;

describe("isComposing", () => {
  it("is true for the Enter that confirms a conversion, and for Safari's 229", () => {
    expect(isComposing(key({ isComposing: true }))).toBe(true);
    expect(isComposing(key({ keyCode: 229 }))).toBe(true);
    expect(isComposing({ nativeEvent: key({ isComposing: true }) } as never)).toBe(true);
  });

  it("is false for a plain Enter", () => {
    expect(isComposing(key({}))).toBe(false);
    expect(isComposing({ nativeEvent: key({}) } as never)).toBe(false);
  });
});
