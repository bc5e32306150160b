import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDelimited } from "./csv-read";
import { decodeTextFile } from "./text-encoding";
import { ImportFileError } from "./types";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, "../../../test/fixtures/import", name)));
const expected =
  "表,裏\r\n犬,いぬ（dog）\r\n猫,ねこ（cat）\r\n鳥,とり（bird）\r\n魚,さかな（fish）\r\n馬,うま（horse）\r\n";

describe("a text file's encoding", () => {
  it("reads a Shift-JIS CSV (Japanese Excel) as Shift-JIS, 表's 0x5C byte included", () => {
    const decoded = decodeTextFile(fixture("shift-jis.csv"));
    expect(decoded).toEqual({ text: expected, encoding: "shift_jis" });
    const table = parseDelimited(decoded.text);
    expect(table.columns).toEqual(["表", "裏"]);
    expect(table.rows[0]).toEqual(["犬", "いぬ（dog）"]);
  });

  it("reads EUC-JP as EUC-JP, though its bytes are also valid Shift-JIS (as half-width katakana)", () => {
    const bytes = fixture("euc-jp.csv");
    expect(() => new TextDecoder("shift_jis", { fatal: true }).decode(bytes.subarray(0, 4))).not.toThrow();
    expect(decodeTextFile(bytes)).toEqual({ text: expected, encoding: "euc-jp" });
  });

  it("reads UTF-8 (with or without a BOM) and UTF-16 by its BOM", () => {
    const utf8 = new TextEncoder().encode(expected);
    expect(decodeTextFile(utf8)).toEqual({ text: expected, encoding: "utf-8" });
    expect(decodeTextFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toEqual({ text: expected, encoding: "utf-8" });
    const utf16 = new Uint8Array(2 + expected.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < expected.length; i++)
      new DataView(utf16.buffer).setUint16(2 + i * 2, expected.charCodeAt(i), true);
    expect(decodeTextFile(utf16)).toEqual({ text: expected, encoding: "utf-16le" });
  });

  it("says so when the bytes are none of these, instead of reading replacement characters", () => {
    for (const bytes of [new Uint8Array([0x41, 0xff, 0x42]), new Uint8Array([0xef, 0xbb, 0xbf, 0xff, 0x41])]) {
      let refused: unknown;
      try {
        decodeTextFile(bytes);
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(ImportFileError);
      expect((refused as ImportFileError).code).toBe("unknown_encoding");
    }
  });
});
