import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords";

describe("the common-password list", () => {
  it("holds more than the 3,000 most common passwords ASVS 5.0 6.2.4 asks for", () => {
    expect(dictionary["passwords-common"].length).toBeGreaterThan(3000);
  });

  it.each(["password", "12345678", "PASSWORD", "Password1", "qwertyuiop", "iloveyou"])("knows %s", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(["correct-horse-1", "long-enough-1", "first-password-1", "second-password-2", "new-password-2"])(
    "lets %s through (a password the tests and the demo use)",
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
