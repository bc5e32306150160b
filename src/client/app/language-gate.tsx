import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useParams } from "react-router";
import { readStoredLanguage, switchLanguage } from "../lib/i18n";
import { detectLanguage, isSupportedLanguage, languageRedirectPath } from "../lib/language";

/**
 * Guards every language-prefixed route. A supported segment renders the page in that language;
 * anything else is redirected (replacing history) to the same path under the detected language.
 */
export function LanguageGate() {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  const supported = isSupportedLanguage(lang) ? lang : undefined;

  useEffect(() => {
    if (supported && i18n.language !== supported) void switchLanguage(supported);
  }, [supported, i18n]);

  if (!supported) return <LanguageRedirect />;
  return <Outlet />;
}

/** Sends a path without a supported language segment to the detected language. */
export function LanguageRedirect() {
  const location = useLocation();
  const fallback = detectLanguage({ stored: readStoredLanguage(), browser: navigator.language });
  const target = languageRedirectPath(location.pathname, fallback) ?? `/${fallback}/`;
  return <Navigate to={{ pathname: target, search: location.search, hash: location.hash }} replace />;
}
