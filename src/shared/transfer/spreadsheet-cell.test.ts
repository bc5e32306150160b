import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSpreadsheetCell, spreadsheetSafeCell } from "./spreadsheet-cell";

describe("spreadsheet-safe cells", () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    ["\rx", "'\rx"],
    ["'=x", "''=x"],
    ["plain", "plain"],
    ["'quoted'", "'quoted'"],
    ["", ""],
  ])("%j is written %j", (value, written) => {
    expect(spreadsheetSafeCell(value)).toBe(written);
    expect(readSpreadsheetCell(written)).toBe(value);
  });

  it("export then import gives back any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("'", "=", "+", "-", "@", "\t", "\r", "a", " ") }), (value) => {
        expect(readSpreadsheetCell(spreadsheetSafeCell(value))).toBe(value);
      }),
    );
  });

  it("never writes a cell a spreadsheet runs", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(spreadsheetSafeCell(value)).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });
});
