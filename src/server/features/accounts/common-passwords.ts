/**
 * The common-password check (ASVS 5.0 6.2.4): zxcvbn-ts's list of the most common passwords
 * (about 49,000, lowercase), compared case-insensitively. Built once, on first use.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

export const PASSWORD_TOO_COMMON = {
  code: "PASSWORD_TOO_COMMON",
  message: "This password is too common. Choose one that is harder to guess.",
} as const;
