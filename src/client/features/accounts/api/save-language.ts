import type { Language } from "../../../../shared/limits";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

export function saveLanguage(language: Language) {
  return unwrap(api.profile.language.$put({ json: { language } }));
}
