import { describe, expect, it } from "vitest";
import { courseInput, normalizeTags } from "./course";

describe("course tags (issue #24)", () => {
  it("splits tags typed with commas, English or Japanese", () => {
    expect(normalizeTags(["japanese, kanji", "N5、漢字", "grammar，verbs"])).toEqual([
      "japanese",
      "kanji",
      "N5",
      "漢字",
      "grammar",
      "verbs",
    ]);
  });

  it("keeps one of tags that differ only in case or width, as first spelt, and drops blanks", () => {
    expect(normalizeTags(["Japanese", "japanese", " JAPANESE ", "Ｊａｐａｎｅｓｅ", ", ,", "kana"])).toEqual([
      "Japanese",
      "kana",
    ]);
  });

  it("is what the shared schema stores, and counts the tags after splitting", () => {
    expect(courseInput.parse({ name: "N", tags: ["Japanese, japanese", "Kana"] }).tags).toEqual(["Japanese", "Kana"]);
    const many = Array.from({ length: 10 }, (_, i) => `a${i}, b${i}, c${i}`);
    const result = courseInput.safeParse({ name: "N", tags: many });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["tags", "validation.too_many_tags"],
    ]);
  });
});
