import en from "@shared/i18n/en.json?first-screen=frame";
import {
  type Language,
  LIMIT_TEXT_VARIABLES,
  PREFERRED_LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
} from "@shared/limits";
import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
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
 * The English of the app's frame, the fallback, is bundled (the landing and course pages bring
 * theirs: addFirstScreenTexts); the rest of English and other languages are chunks of their own,
 * fetched before the first render when the visitor's language needs one, by loadAllTexts (every
 * later screen and dialog waits for it), or by preloadLanguages. See
 * docs/decisions/0015-front-end-delivery.md.
 */
const loaders: Readonly<Record<Exclude<Language, "en">, () => Promise<{ default: Record<string, unknown> }>>> = {
  ja: () => import("@shared/i18n/ja.json"),
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
      // React escapes; the limits a text states come from the shared constants.
      interpolation: { escapeValue: false, defaultVariables: { ...LIMIT_TEXT_VARIABLES } },
      returnNull: false,
    });
}

/**
 * A first screen's English texts, which come with its chunk (lib/first-screen-texts.ts): added
 * before the screen is drawn, which waits for i18next to be ready anyway.
 */
export function addFirstScreenTexts(texts: Record<string, unknown>): void {
  const add = () => i18n.addResourceBundle("en", "translation", texts, true, false);
  if (i18n.isInitialized) add();
  else i18n.on("initialized", add);
}

/** Fetches every language's texts ahead of a switch (the language picker calls it on hover). */
export function preloadLanguages(): void {
  void i18n.loadLanguages([...SUPPORTED_LANGUAGES]);
  void loadAllTexts("en");
}

let allEnglish: Promise<void> | undefined;

/**
 * Every text of `language`, for the screens and dialogs after the first (the first script and
 * the first screens' chunks hold only their English: lib/first-screen-texts.ts). Other languages
 * come whole.
 */
export function loadAllTexts(language?: string): Promise<void> {
  // The router starts the first screen before i18next is ready: then the detected language counts,
  // and a language other than English arrives whole with initI18n (which rendering waits for).
  const wanted = language ?? (i18n.isInitialized ? i18n.language : detectInitialLanguage());
  if (wanted !== "en") return i18n.isInitialized ? i18n.loadLanguages(wanted) : Promise.resolve();
  allEnglish ??= import("@shared/i18n/en.json").then(
    (module) => {
      i18n.addResourceBundle("en", "translation", module.default, true, true);
    },
    (error: unknown) => {
      allEnglish = undefined; // tried again by the next screen
      throw error;
    },
  );
  return allEnglish;
}

/** Switches the texts to `language`, once all of its texts are here. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadAllTexts(language);
  await i18n.changeLanguage(language);
}

export { i18n };
