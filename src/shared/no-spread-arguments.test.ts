/**
 * No call spreads an array into arguments where the array can grow with the data (decision 0038):
 * `Math.min(...log)` over 125,000 answers overflowed the stack and failed every batch holding a late
 * answer. Reduce or loop instead. The import parsing and transfer modules are checked by their own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const SKIPPED = ["src/shared/transfer", "src/client/features/imports"];
/** Spreads whose length is the data's: Math.min/max, push/unshift, fromCharCode, apply-like calls. */
const SPREAD_CALL = /\b(?:Math\.(?:min|max)|\.push|\.unshift|String\.fromCharCode|String\.fromCodePoint)\(\s*\.\.\./;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (SKIPPED.some((skipped) => relative(ROOT, path).startsWith(skipped))) return [];
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("spread arguments", () => {
  it("are never built from data of unbounded length in src/server, src/shared and src/client", () => {
    const found: string[] = [];
    for (const dir of ["src/server", "src/shared", "src/client"]) {
      for (const file of sources(join(ROOT, dir))) {
        readFileSync(file, "utf8")
          .split("\n")
          .forEach((line, index) => {
            if (SPREAD_CALL.test(line)) found.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
