import { furiganaBase, parseFurigana } from "@shared/furigana/furigana";
import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FuriganaText, rubyNodes } from "./card-text";

const html = (nodes: ReturnType<typeof rubyNodes>) => renderToStaticMarkup(nodes);
const asHtml = (text: string) => renderToStaticMarkup(text);

describe("card text: segments to ruby", () => {
  it("puts each reading over its base, with parentheses for browsers without ruby", () => {
    expect(html(rubyNodes(parseFurigana("日本[にほん] 語[ご]を 話[はな]す"), "always"))).toBe(
      "<ruby>日本<rp>(</rp><rt>にほん</rt><rp>)</rp></ruby><ruby>語<rp>(</rp><rt>ご</rt><rp>)</rp></ruby>を" +
        "<ruby>話<rp>(</rp><rt>はな</rt><rp>)</rp></ruby>す",
    );
  });

  it("gives the base text alone when readings are never shown", () => {
    expect(html(rubyNodes(parseFurigana("日本[にほん] 語[ご]"), "never"))).toBe("日本語");
  });

  it("keeps the ruby on hover (only styles hide it)", () => {
    expect(html(rubyNodes(parseFurigana("食[た]べる"), "hover"))).toBe(
      "<ruby>食<rp>(</rp><rt>た</rt><rp>)</rp></ruby>べる",
    );
  });

  it("shows malformed readings as the text that was typed", () => {
    for (const text of ["[", "漢字[", "[]", "a[ ]", "]x[", "[よみ]"]) {
      expect(html(rubyNodes(parseFurigana(text), "always"))).toBe(asHtml(furiganaBase(text)));
    }
  });

  it("never shows anything but the base text, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(html(rubyNodes(parseFurigana(text), "never"))).toBe(asHtml(furiganaBase(text)));
      }),
    );
  });

  it("shows the base text and every reading in order, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("漢", "字", "か", "[", "]", " ", "a") }), (text) => {
        const segments = parseFurigana(text);
        const expected = segments
          .map((s) =>
            s.reading === undefined
              ? asHtml(s.text)
              : `<ruby>${asHtml(s.text)}<rp>(</rp><rt>${asHtml(s.reading)}</rt><rp>)</rp></ruby>`,
          )
          .join("");
        expect(html(rubyNodes(segments, "always"))).toBe(expected);
      }),
    );
  });
});

describe("card text: the text element", () => {
  it("marks the text with its side's language and the reading mode", () => {
    const markup = renderToStaticMarkup(<FuriganaText text="猫[ねこ]" lang="ja" mode="always" />);
    expect(markup).toContain('lang="ja"');
    expect(markup).toContain('data-readings="always"');
    expect(markup).not.toContain("tabindex");
  });

  it("makes hidden readings reachable by keyboard, except inside another control", () => {
    expect(renderToStaticMarkup(<FuriganaText text="猫[ねこ]" lang="ja" mode="hover" />)).toContain('tabindex="0"');
    expect(
      renderToStaticMarkup(<FuriganaText text="猫[ねこ]" lang="ja" mode="hover" focusable={false} />),
    ).not.toContain("tabindex");
  });

  it("leaves text without readings plain: no mode, no focus stop", () => {
    const markup = renderToStaticMarkup(<FuriganaText text="cat" lang="en" mode="hover" />);
    expect(markup).not.toContain("data-readings");
    expect(markup).not.toContain("tabindex");
    expect(markup).toContain(">cat</span>");
  });
});
