import { describe, expect, it } from "vitest";
import { sourceResult } from "./source";

const tabs = { term: { kind: "tab" }, card: { kind: "newline" } } as const;

describe("the preview's input from pasted text", () => {
  it("gives the skipped lines by reason, and the answers that hold the separator again", () => {
    const text = ["犬\tdog", "\tno question", "羊\t", "牛\tcow\twith extra tab", "no separator"].join("\n");
    const result = sourceResult({ kind: "paste", text, separators: tabs, deckName: "D" });
    expect(result.skippedLines).toEqual({ noSeparator: 1, noQuestion: 1, noAnswer: 1 });
    expect(result.separatorInAnswer).toBe(1);
    expect(result.decks[0]?.cards.at(-1)).toEqual({ question: "牛", answer: "cow\twith extra tab" });
  });
});
