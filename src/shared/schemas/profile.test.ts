import { describe, expect, it } from "vitest";
import { issuesFromZod } from "../errors";
import { displayNameBody, themeBody } from "./profile";

const keys = (value: unknown) => {
  const result = displayNameBody.safeParse({ displayName: value });
  return result.error ? issuesFromZod(result.error.issues).map(({ path, key }) => [path.join("."), key]) : [];
};
const parsed = (value: unknown) => displayNameBody.parse({ displayName: value }).displayName;

describe("the display name's shared rules (decision 0033)", () => {
  it("trim a name, and make an empty one (or null) none", () => {
    expect(parsed("  Ana María ")).toBe("Ana María");
    expect(parsed("山田\u3000花子\u3000")).toBe("山田\u3000花子");
    expect(parsed("")).toBeNull();
    expect(parsed(" \u3000 ")).toBeNull();
    expect(parsed(null)).toBeNull();
  });

  it("count characters as people see them: 40 emoji fit, 41 letters do not", () => {
    expect(parsed("🦊".repeat(40))).toBe("🦊".repeat(40));
    expect(keys("x".repeat(40))).toEqual([]);
    expect(keys("x".repeat(41))).toEqual([["displayName", "profile.display_name_too_long"]]);
    // Spaces around do not count.
    expect(keys(` ${"x".repeat(40)} `)).toEqual([]);
  });

  it("refuse control characters and line breaks inside a name", () => {
    for (const value of ["Ana\nMaría", "Ana\tMaría", "Ana\u001b[1m", "Ana\u0085", "Ana\u2028María", "Ana\u2029María"]) {
      expect(keys(value)).toEqual([["displayName", "profile.display_name_invalid_characters"]]);
    }
  });

  it("refuse what PostgreSQL cannot store, and anything not text", () => {
    expect(keys("Ana\uD800")).toEqual([["displayName", "validation.text_invalid_characters"]]);
    expect(keys(42)).toHaveLength(1);
    expect(displayNameBody.safeParse({}).success).toBe(false);
  });
});

describe("the colour scheme's shared rule", () => {
  it("takes the three choices only", () => {
    for (const theme of ["light", "dark", "system"]) expect(themeBody.safeParse({ theme }).success).toBe(true);
    for (const theme of ["sepia", "Dark", null, ""]) expect(themeBody.safeParse({ theme }).success).toBe(false);
  });
});
