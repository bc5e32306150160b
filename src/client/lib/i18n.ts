import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../../shared/i18n/en.json";
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

/**
 * English, the fallback, is bundled; other languages are chunks of their own, fetched before the
 * first render when the visitor's language needs one, and by changeLanguage (which waits for it)
 * or preloadLanguages otherwise. See docs/decisions/0015-front-end-delivery.md.
 */
const loaders: Readonly<Record<Exclude<Language, "en">, () => Promise<{ default: Record<string, unknown> }>>> = {
  ja: () => import("../../shared/i18n/ja.json"),
};

const lazyLanguages: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[language as keyof typeof loaders];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), null),
    );
  },
};

export function initI18n(language: Language) {
  i18n.on("languageChanged", (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n
    .use(lazyLanguages)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: "en",
      supportedLngs: [...SUPPORTED_LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    });
}

/** Fetches every language's texts ahead of a switch (the language picker calls it on hover). */
export function preloadLanguages(): void {
  void i18n.loadLanguages([...SUPPORTED_LANGUAGES]);
}

export { i18n };
