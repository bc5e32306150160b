import { describe, expect, it } from "vitest";
import { truncate } from "./truncate";

describe("truncate", () => {
  it("leaves short text alone", () => {
    expect(truncate("Kana", 88)).toBe("Kana");
    expect(truncate("x".repeat(88), 88)).toBe("x".repeat(88));
  });

  it("cuts long text at the limit and adds an ellipsis", () => {
    expect(truncate("x".repeat(89), 88)).toBe(`${"x".repeat(88)}…`);
    expect(truncate("abc def", 4)).toBe("abc…");
  });

  it("counts Japanese characters and emoji as one each", () => {
    expect(truncate("あいうえおかきくけこ", 5)).toBe("あいうえお…");
    expect(truncate("😀😀😀", 2)).toBe("😀😀…");
  });
});
