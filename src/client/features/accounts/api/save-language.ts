import type { Language } from "../../../../shared/limits";
import { api, unwrap } from "../../../lib/api";

export function saveLanguage(language: Language) {
  return unwrap(api.profile.language.$put({ json: { language } }));
}
