import { ApiError } from "@client/lib/api";
import en from "@shared/i18n/en.json";
import ja from "@shared/i18n/ja.json";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { authErrorMessage } from "./auth-error-message";
import { refuseCommonPassword } from "./common-password";

const t = ((key: string) => key) as unknown as TFunction;

describe("account error texts", () => {
  it("says the code's text for failures of the connection or the server, never their English message", () => {
    for (const code of ["network", "rate_limited", "internal", "unavailable"] as const) {
      expect(authErrorMessage(new ApiError(code, "Unexpected reply (502).", 502), t)).toBe(`errors.${code}`);
    }
    for (const texts of [en, ja]) expect(texts.errors.network).toBeTruthy();
  });

  it("shows a provider refusal we have no text for as it comes, and the fallback for anything else", () => {
    const provider = new ApiError("invalid_request", "Failed to create user", 400, "FAILED_TO_CREATE_USER");
    expect(authErrorMessage(provider, t)).toBe("Failed to create user");
    expect(authErrorMessage(new ApiError("invalid_request", "The request was not valid.", 400), t)).toBe(
      "auth.authentication_failed",
    );
    expect(authErrorMessage(new Error("boom"), t, "errors.internal")).toBe("errors.internal");
  });
});

describe("the client's common-password check", () => {
  it("refuses a common password before it is sent, whatever its case", async () => {
    await expect(refuseCommonPassword("PassWord1", "newPassword")).rejects.toMatchObject({
      reason: "PASSWORD_TOO_COMMON",
      issues: [{ path: ["newPassword"], key: "auth.password_too_common" }],
    });
  });

  it("leaves other passwords, and lengths, to the server", async () => {
    await expect(refuseCommonPassword("first-password-1", "password")).resolves.toBeUndefined();
    await expect(refuseCommonPassword("1234", "password")).resolves.toBeUndefined();
  });
});
