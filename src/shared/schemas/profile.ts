import { z } from "zod";
import { SUPPORTED_LANGUAGES } from "../limits";

export const languageBody = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });

export interface Profile {
  email: string;
  /** null until the user picks a language while signed in (or signs up with one). */
  language: (typeof SUPPORTED_LANGUAGES)[number] | null;
}
