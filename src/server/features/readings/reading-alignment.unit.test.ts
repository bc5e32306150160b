import { furiganaBase, parseFurigana } from "@shared/furigana/furigana";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { analyse } from "./analyser";
import { alignWord, suggestReadings } from "./reading-alignment";

// The real analyser, in this thread: the worker around it is the API tests' part.
const suggest = (text: string) => suggestReadings(text, analyse);

// Loading the dictionary takes seconds on a busy machine: once, outside any test's time limit.
beforeAll(() => analyse([]), 120_000);

describe("aligning a word with its reading", () => {
  it.each([
    ["食べる", "タベル", "食[た]べる"],
    ["日本語", "ニホンゴ", "日本語[にほんご]"],
    ["お茶", "オチャ", "お 茶[ちゃ]"],
    ["取り扱い", "トリアツカイ", "取[と]り 扱[あつか]い"],
    ["見ず知らず", "ミズシラズ", "見[み]ず 知[し]らず"],
    ["大人しい", "オトナシイ", "大人[おとな]しい"],
    ["時々", "トキドキ", "時々[ときどき]"],
    ["一ヶ月", "イッカゲツ", "一ヶ月[いっかげつ]"],
    // Katakana in the word is kana too.
    ["ご飯", "ゴハン", "ご 飯[はん]"],
  ])("%s (%s) → %s", (surface, reading, expected) => {
    const segments = alignWord({ surface, reading });
    expect(
      segments
        .map((s) => (s.reading ? ` ${s.text}[${s.reading}]` : s.text))
        .join("")
        .trim(),
    ).toBe(expected);
  });

  it("keeps kana, Latin and unknown words plain", () => {
    expect(alignWord({ surface: "たべる", reading: "タベル" })).toEqual([{ text: "たべる" }]);
    expect(alignWord({ surface: "abc" })).toEqual([{ text: "abc" }]);
    expect(alignWord({ surface: "漢字" })).toEqual([{ text: "漢字" }]);
  });

  it("keeps the shared kana outside when the pattern does not match the reading", () => {
    // Digits are read out: no pattern of the word's kana fits, the ends still do.
    expect(alignWord({ surface: "3人目", reading: "サンニンメ" })).toEqual([{ text: "3人目", reading: "さんにんめ" }]);
    expect(alignWord({ surface: "お3人さん", reading: "オサンニンサン" })).toEqual([
      { text: "お" },
      { text: "3人", reading: "さんにん" },
      { text: "さん" },
    ]);
  });
});

describe("suggesting readings for a text", () => {
  it("reads words with kanji and leaves particles, kana and Latin plain", async () => {
    expect(await suggest("日本語を勉強する")).toBe("日本語[にほんご]を 勉強[べんきょう]する");
    expect(await suggest("食べる")).toBe("食[た]べる");
    // A space marks where a base starts (Anki's syntax): without it お would be read too.
    expect(await suggest("お茶を飲みました。")).toBe("お 茶[ちゃ]を 飲[の]みました。");
    expect(await suggest("ひらがな and カタカナ")).toBe("ひらがな and カタカナ");
    // After a space that is shown, the mark is a second one (one alone would be taken as the mark).
    expect(await suggest("I study 漢字.")).toBe("I study  漢字[かんじ].");
  });

  it("keeps readings already in the text as they are and reads only the rest", async () => {
    expect(await suggest("日本[にほん]語を話す")).toBe("日本[にほん] 語[ご]を 話[はな]す");
    expect(await suggest("東京[とうきょう]大学")).toBe("東京[とうきょう] 大学[だいがく]");
    // A word whose reading does not fit the author's: its other part is read on its own (語 alone
    // is かたり to the dictionary; the author corrects what a suggestion gets wrong).
    expect(await suggest("日本[にっぽん]語")).toMatch(/^日本\[にっぽん\] 語\[[^\]]+\]$/);
    expect(await suggest("私[わたくし]は学生")).toBe("私[わたくし]は 学生[がくせい]");
  });

  it("treats malformed readings as plain text, without losing a character", async () => {
    expect(await suggest("[")).toBe("[");
    expect(await suggest("漢字[")).toBe("漢字[かんじ][");
    expect(await suggest("漢字[]")).toBe("漢字[かんじ][]");
    expect(await suggest("]漢字")).toBe("] 漢字[かんじ]");
    for (const text of ["[", "漢字[", "漢字[]", "]漢字", "漢[字[じ]]", "漢字[ ]", "a 漢字 [b]"]) {
      expect(furiganaBase(await suggest(text))).toBe(furiganaBase(text));
    }
  });

  it("always parses back to the text it was given (property)", async () => {
    const piece = fc.constantFrom(
      "漢字",
      "日本",
      "語",
      "食べ",
      "る",
      "を",
      "カタカナ",
      "abc",
      "3",
      " ",
      "　",
      "\n",
      "[",
      "]",
      "[にほん]",
      "[ ]",
      "𠮟",
      "々",
      "ヶ",
      "。",
    );
    const text = fc.oneof(
      fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join("")),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(text, async (source) => {
        const suggested = await suggest(source);
        expect(furiganaBase(suggested)).toBe(furiganaBase(source));
        // Every reading the source had is still there.
        const kept = parseFurigana(suggested).filter((s) => s.reading);
        for (const reading of parseFurigana(source).filter((s) => s.reading)) expect(kept).toContainEqual(reading);
      }),
      { numRuns: 500 },
    );
  });
});
