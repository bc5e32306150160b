import { describe, expect, it } from "vitest";
import { findVoice, spokenText, type Voice } from "./speech";

const voice = (lang: string, more: Partial<Voice> = {}): Voice => ({
  lang,
  name: `${lang} voice`,
  default: false,
  localService: true,
  ...more,
});

describe("choosing a voice for a side's language", () => {
  it("finds none when the browser has no voice for the language", () => {
    expect(findVoice([], "ja")).toBeUndefined();
    expect(findVoice([voice("en-US"), voice("fr-FR")], "ja")).toBeUndefined();
  });

  it("takes a voice of the same language whatever its region, the exact one first", () => {
    expect(findVoice([voice("ja-JP")], "ja")?.lang).toBe("ja-JP");
    expect(findVoice([voice("pt-PT"), voice("pt-BR")], "pt-BR")?.lang).toBe("pt-BR");
    expect(findVoice([voice("pt_PT")], "pt-BR")?.lang).toBe("pt_PT");
  });

  it("reads romaji with a Japanese voice", () => {
    expect(findVoice([voice("en-US"), voice("ja-JP")], "ja-Latn")?.lang).toBe("ja-JP");
  });

  it("tells Chinese scripts apart by region", () => {
    const voices = [voice("zh-TW"), voice("zh-CN"), voice("zh-HK")];
    expect(findVoice(voices, "zh-Hans")?.lang).toBe("zh-CN");
    expect(findVoice(voices, "zh-Hant")?.lang).toBe("zh-TW");
  });

  it("prefers a voice on the device, then the default, among equals", () => {
    const remote = voice("ja-JP", { name: "remote", localService: false, default: true });
    const local = voice("ja-JP", { name: "local" });
    const localDefault = voice("ja-JP", { name: "local default", default: true });
    expect(findVoice([remote, local], "ja")?.name).toBe("local");
    expect(findVoice([remote, local, localDefault], "ja")?.name).toBe("local default");
  });
});

describe("what is spoken", () => {
  it("reads a text with readings by its readings", () => {
    expect(spokenText("日本[にほん] 語[ご]を 話[はな]す")).toBe("にほんごをはなす");
    expect(spokenText("Good morning")).toBe("Good morning");
  });
});
