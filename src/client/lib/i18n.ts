import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../../shared/i18n/en.json";
import ja from "../../shared/i18n/ja.json";
import { type Language, PREFERRED_LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES } from "../../shared/limits";
import { detectLanguage, firstPathSegment } from "./language";

export function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(PREFERRED_LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage can be disabled; detection then falls through to the browser
  }
}

export function storeLanguage(language: Language) {
  try {
    localStorage.setItem(PREFERRED_LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not fatal: the language still applies to this visit.
  }
}

export function detectInitialLanguage(): Language {
  return detectLanguage({
    pathSegment: firstPathSegment(window.location.pathname),
    stored: readStoredLanguage(),
    browser: navigator.language,
  });
}

/** Both resources are small and bundled, so a language switch never waits for the network. */
export function initI18n(language: Language) {
  i18n.on("languageChanged", (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, ja: { translation: ja } },
    lng: language,
    fallbackLng: "en",
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
}

export { i18n };
