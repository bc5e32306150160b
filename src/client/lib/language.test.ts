import { describe, expect, it } from "vitest";
import { detectLanguage, languageRedirectPath, toSupportedLanguage, withLanguage } from "./language";

describe("toSupportedLanguage", () => {
  it("accepts supported codes, regional variants and the jp alias", () => {
    expect(toSupportedLanguage("en")).toBe("en");
    expect(toSupportedLanguage("ja-JP")).toBe("ja");
    expect(toSupportedLanguage("JA")).toBe("ja");
    expect(toSupportedLanguage("jp")).toBe("ja");
    expect(toSupportedLanguage("en_GB")).toBe("en");
  });

  it("rejects anything else", () => {
    expect(toSupportedLanguage("fr-FR")).toBeUndefined();
    expect(toSupportedLanguage("")).toBeUndefined();
    expect(toSupportedLanguage(null)).toBeUndefined();
    expect(toSupportedLanguage("home")).toBeUndefined();
  });
});

describe("detectLanguage", () => {
  it("prefers the path segment over everything", () => {
    expect(detectLanguage({ pathSegment: "ja", stored: "en", browser: "en-US" })).toBe("ja");
  });

  it("falls back to the stored preference, then the browser, then en", () => {
    expect(detectLanguage({ pathSegment: "home", stored: "ja", browser: "en-US" })).toBe("ja");
    expect(detectLanguage({ pathSegment: "home", stored: null, browser: "ja-JP" })).toBe("ja");
    expect(detectLanguage({ pathSegment: "home", stored: "xx", browser: "de-DE" })).toBe("en");
    expect(detectLanguage({})).toBe("en");
  });
});

describe("languageRedirectPath", () => {
  it("leaves language-prefixed paths alone", () => {
    expect(languageRedirectPath("/en/", "ja")).toBeNull();
    expect(languageRedirectPath("/ja/courses/4", "en")).toBeNull();
  });

  it("prefixes the detected language", () => {
    expect(languageRedirectPath("/", "en")).toBe("/en/");
    expect(languageRedirectPath("/home", "en")).toBe("/en/home");
    expect(languageRedirectPath("/courses/4/decks/2", "ja")).toBe("/ja/courses/4/decks/2");
  });

  it("rewrites the jp alias to ja", () => {
    expect(languageRedirectPath("/jp/home", "en")).toBe("/ja/home");
    expect(languageRedirectPath("/jp", "en")).toBe("/ja");
  });
});

describe("withLanguage", () => {
  it("swaps the language segment and keeps the rest", () => {
    expect(withLanguage("/en/courses/3", "ja")).toBe("/ja/courses/3");
    expect(withLanguage("/ja/", "en")).toBe("/en/");
    expect(withLanguage("/ja", "en")).toBe("/en/");
    expect(withLanguage("/jp/home", "en")).toBe("/en/home");
  });
});
