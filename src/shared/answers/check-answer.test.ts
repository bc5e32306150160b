import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkAnswer, expectsKana, normalizeAnswer, typoAllowance } from "./check-answer";

const verdict = (expected: string, given: string) => checkAnswer(expected, given).verdict;

describe("checkAnswer: each leniency rule", () => {
  it("accepts the answer as written, and nothing else that is far from it", () => {
    expect(verdict("eat", "eat")).toBe("right");
    expect(verdict("eat", "drink")).toBe("wrong");
    expect(verdict("eat", "")).toBe("wrong");
    expect(verdict("eat", "   ")).toBe("wrong");
  });

  it("compares after Unicode NFKC", () => {
    expect(verdict("ｅａｔ", "eat")).toBe("right");
    expect(verdict("eat", "ｅａｔ")).toBe("right");
    expect(verdict("ｶﾞｯｺｳ", "ガッコウ")).toBe("right");
    expect(verdict("①", "1")).toBe("right");
  });

  it("ignores case", () => {
    expect(verdict("Tokyo", "tokyo")).toBe("right");
    expect(verdict("tokyo", "TOKYO")).toBe("right");
  });

  it("ignores surrounding spaces and punctuation, and runs of spaces inside", () => {
    expect(verdict("eat", "  eat  ")).toBe("right");
    expect(verdict("Good morning!", "good morning")).toBe("right");
    expect(verdict("good morning", "“good   morning.”")).toBe("right");
    expect(verdict("たべる", "「たべる」。")).toBe("right");
    // A sign that changes the meaning is kept.
    expect(verdict("-5", "5")).toBe("wrong");
  });

  it("treats hiragana and katakana alike", () => {
    expect(verdict("たべる", "タベル")).toBe("right");
    expect(verdict("コーヒー", "こーひー")).toBe("right");
  });

  it("makes text in parentheses optional", () => {
    expect(verdict("(to) eat", "eat")).toBe("right");
    expect(verdict("(to) eat", "to eat")).toBe("right");
    expect(verdict("(to) eat", "(to) eat")).toBe("right");
    expect(verdict("apple(s)", "apples")).toBe("right");
    expect(verdict("apple(s)", "apple")).toBe("right");
    expect(verdict("（〜を）食べる", "食べる")).toBe("right");
    expect(verdict("(to) eat", "to")).toBe("wrong");
  });

  it("accepts each alternative separated by ; / or 、, not split inside parentheses", () => {
    expect(verdict("big; large", "large")).toBe("right");
    expect(verdict("big/large", "big")).toBe("right");
    expect(verdict("大きい、おおきい", "おおきい")).toBe("right");
    expect(verdict("eat (food/drink)", "eat")).toBe("right");
    expect(verdict("eat (food/drink)", "eat food/drink")).toBe("right");
    expect(verdict("big; large", "big; large")).toBe("wrong");
  });

  it("accepts the base text or the reading of furigana", () => {
    expect(verdict("食べる[たべる]", "食べる")).toBe("right");
    expect(verdict("食べる[たべる]", "たべる")).toBe("right");
    expect(verdict("日本[にほん] 語[ご]", "にほんご")).toBe("right");
    expect(verdict("日本[にほん] 語[ご]", "日本語")).toBe("right");
    expect(verdict("日本[にほん] 語[ご]", "ニホンゴ")).toBe("right");
    expect(checkAnswer("食べる[たべる]", "のむ").nearest).not.toContain("[");
  });

  it("allows a small typo in longer Latin answers: almost", () => {
    expect(typoAllowance(4)).toBe(0);
    expect(typoAllowance(5)).toBe(1);
    expect(typoAllowance(9)).toBe(1);
    expect(typoAllowance(10)).toBe(2);
    expect(verdict("house", "hous")).toBe("almost");
    expect(verdict("house", "huose")).toBe("almost"); // a transposition is one step
    expect(verdict("house", "hose")).toBe("almost");
    expect(verdict("house", "hoes")).toBe("wrong");
    expect(verdict("cat", "cot")).toBe("wrong");
    expect(verdict("restaurant", "restuarnt")).toBe("almost");
    expect(verdict("restaurant", "rstuarnt")).toBe("wrong");
    // Numbers are not typos; nor is a typo in kana.
    expect(verdict("born in 1984", "born in 1985")).toBe("wrong");
    expect(verdict("たべものや", "たべものや".slice(0, 4))).toBe("wrong");
  });

  it("names the alternative nearest to the answer given", () => {
    expect(checkAnswer("big; large", "larg").nearest).toBe("large");
    expect(checkAnswer("(to) eat", "to aet").nearest).toBe("(to) eat");
  });

  it("keeps long input cheap", () => {
    expect(verdict("a".repeat(500), "b".repeat(500))).toBe("wrong");
  });
});

describe("normalizeAnswer", () => {
  it("tidies a typed answer", () => {
    expect(normalizeAnswer("  ＴＡＢＥＲＵ!  ")).toBe("taberu");
    expect(normalizeAnswer("ガッコウ")).toBe("がっこう");
  });
});

describe("expectsKana", () => {
  it("is true for kana answers, by their reading when they carry furigana", () => {
    expect(expectsKana("たべる")).toBe(true);
    expect(expectsKana("コーヒー")).toBe(true);
    expect(expectsKana("（を）たべる、くう")).toBe(true);
    expect(expectsKana("食べる[たべる]")).toBe(true);
    expect(expectsKana("ｶﾞｯｺｳ")).toBe(true);
  });

  it("is false for kanji without readings, Latin text and mixed text", () => {
    expect(expectsKana("食べる")).toBe(false);
    expect(expectsKana("eat")).toBe(false);
    expect(expectsKana("たべる eat")).toBe(false);
    expect(expectsKana("…")).toBe(false);
  });
});

// Property tests: one per rule that a correct answer survives, and wrong words never pass.
const word = fc.stringMatching(/^[a-z]{1,12}$/);
const kana = fc.stringMatching(/^[ぁ-ゖ]{1,8}$/);
const toKatakana = (text: string) => text.replace(/[ぁ-ゖ]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

describe("checkAnswer: properties", () => {
  it("a correct answer passes with surrounding spaces and punctuation added", () => {
    fc.assert(
      fc.property(
        word,
        fc.stringMatching(/^[\s.!?"'()]{0,3}$/),
        fc.stringMatching(/^[\s.!?"']{0,3}$/),
        (answer, before, after) => verdict(answer, `${before}${answer}${after}`) === "right",
      ),
    );
  });

  it("a correct answer passes in any case", () => {
    fc.assert(
      fc.property(word, fc.array(fc.boolean(), { maxLength: 12 }), (answer, upper) => {
        const cased = [...answer].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("");
        return verdict(answer, cased) === "right" && verdict(cased, answer) === "right";
      }),
    );
  });

  it("a kana answer passes in katakana or hiragana", () => {
    fc.assert(
      fc.property(
        kana,
        (answer) => verdict(answer, toKatakana(answer)) === "right" && verdict(toKatakana(answer), answer) === "right",
      ),
    );
  });

  it("a correct answer passes in full-width form (NFKC)", () => {
    fc.assert(
      fc.property(word, (answer) => {
        const wide = answer.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
        return verdict(answer, wide) === "right";
      }),
    );
  });

  it("every alternative passes, and the optional part may be left out", () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.constantFrom(";", "/", "、"), (words, sep) =>
        words.every((w) => verdict(words.join(sep), w) === "right"),
      ),
    );
    fc.assert(
      fc.property(word, word, (optional, main) => {
        const expected = `(${optional}) ${main}`;
        return verdict(expected, main) === "right" && verdict(expected, `${optional} ${main}`) === "right";
      }),
    );
  });

  it("either side of furigana passes", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[一-龯]{1,4}$/), kana, (base, reading) => {
        const expected = `${base}[${reading}]`;
        return verdict(expected, base) === "right" && verdict(expected, reading) === "right";
      }),
    );
  });

  it("a different word never passes", () => {
    // Letters from two halves of the alphabet: nothing in common, so no typo allowance can bridge them.
    const firstHalf = fc.stringMatching(/^[a-m]{1,12}$/);
    const secondHalf = fc.stringMatching(/^[n-z]{1,12}$/);
    fc.assert(fc.property(firstHalf, secondHalf, (expected, given) => verdict(expected, given) === "wrong"));
    fc.assert(fc.property(kana, word, (expected, given) => verdict(expected, given) === "wrong"));
  });

  it("one typo in a Latin word of 5+ letters is almost, never right", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-y]{5,12}$/), fc.nat(), (answer, at) => {
        const i = at % answer.length;
        const typo = `${answer.slice(0, i)}z${answer.slice(i + 1)}`;
        return verdict(answer, typo) === "almost";
      }),
    );
  });
});
