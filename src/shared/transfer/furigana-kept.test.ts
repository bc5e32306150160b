import { describe, expect, it } from "vitest";
import { parseDelimited } from "./csv-read";
import { htmlToText } from "./html";

// Anki stores furigana as this very syntax (decision 0052): an import must keep it, brackets and the
// space that marks where a reading's base starts.
describe("readings survive an import", () => {
  it("from an Anki field's HTML", () => {
    expect(htmlToText("<div>日本[にほん] 語[ご]を 話[はな]す</div>").text).toBe("日本[にほん] 語[ご]を 話[はな]す");
  });

  it("from our CSV export read back", () => {
    const table = parseDelimited("#separator:Comma\n#html:false\n#columns:Front,Back\n日本[にほん] 語[ご],Japanese\n");
    expect(table.rows[0]).toEqual(["日本[にほん] 語[ご]", "Japanese"]);
  });
});
