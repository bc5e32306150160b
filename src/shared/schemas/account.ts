/**
 * The account forms' rules, checked in the browser before anything is sent (the auth library
 * checks again on the server). Field names are the ones the server's issues use (accounts.routes.ts):
 * sign-up's new password is `password`, reset's and change's `newPassword`.
 * Messages are translation keys, as in every shared schema.
 */
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../limits";

const email = (requiredKey: string) => z.string().trim().min(1, requiredKey).pipe(z.email("validation.email_invalid"));

/** A password being chosen; left empty, sign-up asks for "your password", change and reset for "a new password". */
const choosePassword = (requiredKey: string) =>
  z
    .string()
    .min(1, requiredKey)
    .min(PASSWORD_MIN_LENGTH, "auth.password_length")
    .max(PASSWORD_MAX_LENGTH, "auth.password_length");
const newPassword = choosePassword("rough.new_password_required");

/** Typed twice: the second must equal the first (spec section 5); said at the second. */
const confirmed = <T extends string>(
  field: T,
): [(values: Record<T | "confirm", string>) => boolean, { path: string[]; message: string }] => [
  (values) => values[field] === values.confirm,
  { path: ["confirm"], message: "auth.passwords_do_not_match" },
];

export const signInForm = z.object({
  email: email("auth.email_required"),
  // Only "not empty": the length rules came later than some passwords.
  password: z.string().min(1, "auth.password_required"),
});

export const signUpForm = z
  .object({
    email: email("auth.email_required"),
    password: choosePassword("auth.password_required"),
    confirm: z.string(),
  })
  .refine(...confirmed("password"));

export const forgotPasswordForm = z.object({ email: email("auth.enter_email_for_reset") });

/** A request for a mailed sign-in link (decision 0041). */
export const signInLinkRequest = z.object({ email: email("auth.email_required") });

export const changePasswordForm = z
  .object({ currentPassword: z.string().min(1, "auth.password_required"), newPassword, confirm: z.string() })
  .refine(...confirmed("newPassword"));

export const resetPasswordForm = z.object({ newPassword, confirm: z.string() }).refine(...confirmed("newPassword"));
