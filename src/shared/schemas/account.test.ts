import { describe, expect, it } from "vitest";
import { issuesFromZod } from "../errors";
import { changePasswordForm, forgotPasswordForm, signInForm, signUpForm } from "./account";

const issues = (result: { success: boolean; error?: { issues: Parameters<typeof issuesFromZod>[0] } }) =>
  result.error ? issuesFromZod(result.error.issues).map(({ path, key }) => [path.join("."), key]) : [];

describe("the account forms' shared rules", () => {
  it("name every wrong field of a sign-up at once, under the server's field names", () => {
    expect(issues(signUpForm.safeParse({ email: " ", password: "short", confirm: "other" }))).toEqual([
      ["email", "auth.email_required"],
      ["password", "auth.password_length"],
      ["confirm", "auth.passwords_do_not_match"],
    ]);
  });

  it("accept a good sign-up, and tell a malformed address", () => {
    expect(
      signUpForm.safeParse({ email: "a@example.com", password: "long-enough-1", confirm: "long-enough-1" }).success,
    ).toBe(true);
    expect(
      issues(signUpForm.safeParse({ email: "not-an-address", password: "long-enough-1", confirm: "long-enough-1" })),
    ).toEqual([["email", "validation.email_invalid"]]);
  });

  it("ask only for a password at sign-in (older passwords may be shorter)", () => {
    expect(signInForm.safeParse({ email: "a@example.com", password: "x" }).success).toBe(true);
    expect(issues(signInForm.safeParse({ email: "a@example.com", password: "" }))).toEqual([
      ["password", "auth.password_required"],
    ]);
  });

  it("use the spec's texts for a missing reset address and a new password typed differently", () => {
    expect(issues(forgotPasswordForm.safeParse({ email: "" }))).toEqual([["email", "auth.enter_email_for_reset"]]);
    expect(
      issues(
        changePasswordForm.safeParse({ currentPassword: "", newPassword: "long-enough-1", confirm: "long-enough-2" }),
      ),
    ).toEqual([
      ["currentPassword", "auth.password_required"],
      ["confirm", "auth.passwords_do_not_match"],
    ]);
  });
});

describe("an empty new password", () => {
  it("asks for a new password when changing or resetting, for a password at sign-up", async () => {
    const { resetPasswordForm } = await import("./account");
    const first = (result: Parameters<typeof issues>[0]) => issues(result).find(([path]) => path !== "confirm");
    expect(first(changePasswordForm.safeParse({ currentPassword: "old", newPassword: "", confirm: "" }))).toEqual([
      "newPassword",
      "rough.new_password_required",
    ]);
    expect(first(resetPasswordForm.safeParse({ newPassword: "", confirm: "" }))).toEqual([
      "newPassword",
      "rough.new_password_required",
    ]);
    expect(first(signUpForm.safeParse({ email: "a@example.com", password: "", confirm: "" }))).toEqual([
      "password",
      "auth.password_required",
    ]);
  });
});
