import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { Language } from "../../shared/limits";
import { toSupportedLanguage } from "../lib/language";

/**
 * The current interface language: the path's language segment on prefixed routes, otherwise the
 * language i18next detected at start (pages outside the prefix, such as /reset-password).
 */
export function useLanguage(): Language {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  return toSupportedLanguage(lang) ?? toSupportedLanguage(i18n.language) ?? "en";
}

/** Builds a path under the current language: localePath("/home") → "/ja/home". */
export function useLocalePath() {
  const language = useLanguage();
  return (path: string) => `/${language}${path.startsWith("/") ? path : `/${path}`}`;
}
