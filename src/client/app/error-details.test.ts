import { ApiError } from "@client/lib/api";
import en from "@shared/i18n/en.json";
import ja from "@shared/i18n/ja.json";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { errorDetails } from "./error-details";

async function translator(language: "en" | "ja") {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { en: { translation: en }, ja: { translation: ja } } });
  return i18n.t;
}

describe("the error page's details", () => {
  it("say what the server did in the person's language, never the English reply text", async () => {
    const unexpected = new ApiError("internal", "Unexpected reply (500).", 500);
    const japanese = errorDetails(unexpected, await translator("ja"));
    expect(japanese).toBe(`${ja.errors.internal}\nエラー 500`);
    expect(japanese).not.toMatch(/Unexpected|reply/);
    expect(errorDetails(unexpected, await translator("en"))).toBe(`${en.errors.internal}\nError 500`);
    expect(errorDetails(new ApiError("network", "Could not reach the server.", 0), await translator("ja"))).toBe(
      ja.errors.network,
    );
  });

  it("keep a fault in the code as it is, for a bug report", async () => {
    const details = errorDetails(new TypeError("x is undefined"), await translator("ja"));
    expect(details.startsWith("TypeError: x is undefined\n")).toBe(true);
  });
});
