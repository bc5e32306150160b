import type { Language } from "@shared/limits";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { storeLanguage, switchLanguage } from "./i18n";
import { toSupportedLanguage, withLanguage } from "./language";

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

/**
 * Switches the interface language: stores it locally, changes the texts, and opens the same page
 * under the new prefix (pages outside the prefix stay where they are).
 */
export function useChangeLanguage() {
  const current = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  return (language: Language) => {
    storeLanguage(language);
    if (language === current) return;
    void switchLanguage(language);
    if (location.pathname.startsWith(`/${current}`)) {
      navigate({ pathname: withLanguage(location.pathname, language), search: location.search, hash: location.hash });
    }
  };
}
