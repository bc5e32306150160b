import { z } from "zod";
import { DISPLAY_NAME_MAX_LENGTH, SUPPORTED_LANGUAGES, THEME_CHOICES, type ThemeChoice } from "../limits";
import { storableText } from "./text";

export const languageBody = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });

/** A colour scheme (decision 0032): the same rule for `PUT /api/profile/theme` and sign-up's `theme`. */
export const themeChoice = z.enum(THEME_CHOICES);

export const themeBody = z.object({ theme: themeChoice });

/** Control characters (tabs, line breaks, escapes) and line or paragraph separators: a name is one plain line. */
const CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * The name a person chooses to be shown on their course cards (decision 0033). Trimmed; empty (or
 * null) means none, so the cards show no name. Its length counts characters as people see them
 * (code points: an emoji is one), as PostgreSQL's `char_length` does in the column's check.
 */
export const displayName = storableText()
  .trim()
  .refine((value) => !CONTROL_CHARACTERS.test(value), "profile.display_name_invalid_characters")
  .refine((value) => [...value].length <= DISPLAY_NAME_MAX_LENGTH, "profile.display_name_too_long")
  .transform((value) => (value === "" ? null : value));

export const displayNameBody = z.object({ displayName: displayName.nullable() });
/** The form's values: the field's text as typed. */
export type DisplayNameForm = { displayName: string };

export interface Profile {
  email: string;
  /** null until the user picks a language while signed in (or signs up with one). */
  language: (typeof SUPPORTED_LANGUAGES)[number] | null;
  /** null until the user picks a colour scheme while signed in (or signs up or signs in with one chosen). */
  theme: ThemeChoice | null;
  /** The name shown on the person's course cards; null when none is chosen (never the account's name). */
  displayName: string | null;
}
