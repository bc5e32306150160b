import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatFurigana, furiganaBase, furiganaReading, hasFurigana, parseFurigana } from "./furigana";

describe("parseFurigana", () => {
  it("reads a base and its reading", () => {
    expect(parseFurigana("漢字[かんじ]")).toEqual([{ text: "漢字", reading: "かんじ" }]);
  });

  it("starts a base after a space, which is not shown", () => {
    expect(parseFurigana("日本[にほん] 語[ご]")).toEqual([
      { text: "日本", reading: "にほん" },
      { text: "語", reading: "ご" },
    ]);
    expect(parseFurigana("私は 日本[にほん]です")).toEqual([
      { text: "私は" },
      { text: "日本", reading: "にほん" },
      { text: "です" },
    ]);
  });

  it("runs a base back to the start of the text as Anki does", () => {
    expect(parseFurigana("食べ物[たべもの]")).toEqual([{ text: "食べ物", reading: "たべもの" }]);
    expect(parseFurigana("私は日本[わたしはにほん]")).toEqual([{ text: "私は日本", reading: "わたしはにほん" }]);
  });

  it("keeps malformed brackets as plain text", () => {
    for (const text of ["[", "]", "漢字[", "漢字]", "[かんじ]", "漢字[]", "漢字[ ]", "a [b]"]) {
      expect(furiganaBase(text)).toBe(text);
    }
    expect(parseFurigana("[")).toEqual([{ text: "[" }]);
    expect(parseFurigana("漢字[")).toEqual([{ text: "漢字[" }]);
    expect(parseFurigana("漢字[]")).toEqual([{ text: "漢字[]" }]);
  });

  it("reads nested brackets as text around the innermost reading", () => {
    expect(parseFurigana("漢[字[じ]]")).toEqual([{ text: "漢[" }, { text: "字", reading: "じ" }, { text: "]" }]);
  });

  it("leaves text without readings whole", () => {
    expect(parseFurigana("Tokyo (capital)")).toEqual([{ text: "Tokyo (capital)" }]);
    expect(parseFurigana("")).toEqual([]);
  });
});

describe("plain text of furigana", () => {
  it("gives the base text and the reading", () => {
    expect(furiganaBase("日本[にほん] 語[ご]を 話[はな]す")).toBe("日本語を話す");
    expect(furiganaReading("日本[にほん] 語[ご]を 話[はな]す")).toBe("にほんごをはなす");
    expect(hasFurigana("日本[にほん]")).toBe(true);
    expect(hasFurigana("日本")).toBe(false);
  });

  it("keeps every reading through format and parse", () => {
    const piece = fc.oneof(
      fc.constantFrom("日本", "語", "食べ物", "私は", " ", "[", "]", "a b", "です"),
      fc.record({ text: fc.constantFrom("漢字", "日", "本"), reading: fc.constantFrom("かんじ", "ひ", "ほん") }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const source = pieces.map((p) => (typeof p === "string" ? p : ` ${p.text}[${p.reading}]`)).join("");
        const segments = parseFurigana(source);
        expect(parseFurigana(formatFurigana(segments))).toEqual(segments);
        expect(furiganaBase(formatFurigana(segments))).toBe(furiganaBase(source));
      }),
    );
  });
});
