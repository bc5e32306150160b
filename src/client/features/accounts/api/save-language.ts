import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import type { Language } from "@shared/limits";

export function saveLanguage(language: Language) {
  return unwrap(api.profile.language.$put({ json: { language } }));
}
