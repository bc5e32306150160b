/**
 * Which interface language to use, and where to redirect a path that has no language segment
 * (spec section 2). Pure functions, so they are unit-tested without a browser.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_ALIASES, type Language, SUPPORTED_LANGUAGES } from "@shared/limits";

export function isSupportedLanguage(value: string | undefined | null): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value ?? "");
}

/** "ja", "JA", "jp", "ja-JP" → "ja"; anything unsupported → undefined. */
export function toSupportedLanguage(value: string | undefined | null): Language | undefined {
  const primary = (value ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  if (isSupportedLanguage(primary)) return primary;
  return LANGUAGE_ALIASES[primary];
}

export interface LanguageSources {
  /** The first path segment. */
  pathSegment?: string | null;
  /** preferredLanguage from local storage. */
  stored?: string | null;
  /** navigator.language */
  browser?: string | null;
}

/** Detection order: path segment, stored preference, the browser's primary language, then en. */
export function detectLanguage({ pathSegment, stored, browser }: LanguageSources): Language {
  return (
    toSupportedLanguage(pathSegment) ?? toSupportedLanguage(stored) ?? toSupportedLanguage(browser) ?? DEFAULT_LANGUAGE
  );
}

export function firstPathSegment(pathname: string): string {
  return pathname.split("/")[1] ?? "";
}

/**
 * Where a path must go so that it starts with a supported language, or null when it already does.
 * `/jp/home` → `/ja/home`; `/home` → `/{fallback}/home`; `/` → `/{fallback}/`.
 */
export function languageRedirectPath(pathname: string, fallback: Language): string | null {
  const segment = firstPathSegment(pathname);
  if (isSupportedLanguage(segment)) return null;
  const alias = LANGUAGE_ALIASES[segment.toLowerCase()];
  if (alias) return `/${alias}${pathname.slice(segment.length + 1)}`;
  return `/${fallback}${pathname === "/" ? "/" : pathname}`;
}

/** The same page under another language: `/en/courses/3` → `/ja/courses/3`. */
export function withLanguage(pathname: string, language: Language): string {
  const segment = firstPathSegment(pathname);
  if (isSupportedLanguage(segment) || LANGUAGE_ALIASES[segment]) {
    return `/${language}${pathname.slice(segment.length + 1) || "/"}`;
  }
  return `/${language}${pathname === "/" ? "/" : pathname}`;
}
