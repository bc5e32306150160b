import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../../shared/i18n/en.json";
import ja from "../../../shared/i18n/ja.json";
import { ApiError } from "../../lib/api";
import { authErrorMessage } from "./auth-error-message";
import { refuseCommonPassword } from "./common-password";

const t = ((key: string) => key) as unknown as TFunction;

describe("account error texts", () => {
  it("translates a common password and a locked sign-in, in both languages", () => {
    const common = new ApiError("invalid_request", "This password is too common.", 400, "PASSWORD_TOO_COMMON");
    const locked = new ApiError("rate_limited", "Too many failed sign-ins", 429, "SIGN_IN_LOCKED");
    expect(authErrorMessage(common, t)).toBe("auth.password_too_common");
    expect(authErrorMessage(locked, t)).toBe("auth.sign_in_locked");
    expect(authErrorMessage(new ApiError("rate_limited", "Too many attempts", 429), t)).toBe("errors.rate_limited");
    for (const texts of [en, ja]) {
      expect(texts.auth.password_too_common).toBeTruthy();
      expect(texts.auth.sign_in_locked).toBeTruthy();
    }
  });
});

describe("the client's common-password check", () => {
  it("refuses a common password before it is sent, whatever its case", async () => {
    await expect(refuseCommonPassword("PassWord1")).rejects.toMatchObject({ reason: "PASSWORD_TOO_COMMON" });
  });

  it("leaves other passwords, and lengths, to the server", async () => {
    await expect(refuseCommonPassword("first-password-1")).resolves.toBeUndefined();
    await expect(refuseCommonPassword("1234")).resolves.toBeUndefined();
  });
});
