import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "./en.json";
import ja from "./ja.json";

function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const enKeys = flatten(en);
const jaKeys = flatten(ja);

describe("translation resources", () => {
  it("has every English key in Japanese", () => {
    expect([...enKeys.keys()].filter((k) => !jaKeys.has(k))).toEqual([]);
  });

  it("has every Japanese key in English", () => {
    expect([...jaKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it("has no empty texts", () => {
    const empty = [...enKeys, ...jaKeys].filter(([, v]) => typeof v !== "string" || v.trim() === "");
    expect(empty).toEqual([]);
  });

  it("uses the same {{placeholders}} in both languages", () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const mismatched = [...enKeys].filter(([k, v]) => placeholders(v).join() !== placeholders(jaKeys.get(k)).join());
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it("defines every literal key the code names (the client's, the schemas' and the server's issues)", () => {
    const dirs = ["../../client", "..", "../../server"].map((dir) => join(import.meta.dirname, dir));
    const groups = Object.keys(en).join("|");
    // t("group.key"), and any string literal shaped like a key of a known group (keys kept in maps).
    const keyLiteral = new RegExp(`["'\`]((?:${groups})\\.[a-z0-9_.]+)["'\`]`, "g");
    const used = new Set<string>();
    for (const file of dirs.flatMap(sourceFiles)) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(keyLiteral)) used.add(m[1] ?? "");
    }
    expect(used.size).toBeGreaterThan(0);
    // A key may name a group or a list (the landing page's rotating words) as well as a text, or
    // a text with plural forms (i18next's `count`: key_one, key_other).
    const defined = (key: string) =>
      enKeys.has(key) || enKeys.has(`${key}_other`) || [...enKeys.keys()].some((k) => k.startsWith(`${key}.`));
    expect([...used].filter((k) => !defined(k))).toEqual([]);
  });

  it("gives every counted text both plural forms, with the count in each", () => {
    // (stats.fluency_one is a text of its own: one deck tested, not a plural form.)
    const bases = [...enKeys.keys()].filter((k) => k.endsWith("_other")).map((k) => k.slice(0, -"_other".length));
    const forms = bases.flatMap((base) => [`${base}_one`, `${base}_other`]);
    expect(forms.filter((k) => !enKeys.has(k))).toEqual([]);
    const uncounted = forms.filter((k) => !String(enKeys.get(k)).includes("{{count}}"));
    expect(uncounted).toEqual([]);
  });
});

describe("the limits the texts state", () => {
  it("are shared constants, in both languages, for every text that names one", async () => {
    const { LIMIT_TEXT_VARIABLES } = await import("../limits");
    const names = new Set(Object.keys(LIMIT_TEXT_VARIABLES));
    for (const keys of [enKeys, jaKeys]) {
      const stated = [...keys].filter(([, v]) => /{{\s*\w+Max\s*}}/.test(String(v)));
      expect(stated.length).toBeGreaterThanOrEqual(7);
      for (const [key, text] of stated) {
        for (const m of String(text).matchAll(/{{\s*(\w+Max)\s*}}/g)) expect(names, key).toContain(m[1]);
      }
    }
  });
});
