import { useTranslation } from "react-i18next";
import { DeferredMenu } from "../components/deferred-menu";
import styles from "../components/header-menu.module.css";
import { GlobeIcon } from "../components/icons";
import { useSession } from "../core/session/session";
import { preloadLanguages } from "../lib/i18n";
import { isSupportedLanguage } from "../lib/language";
import { lazyComponent } from "../lib/lazy";
import { chooseTheme, isThemeChoice, useThemeChoice } from "../lib/theme";
import { useChangeLanguage, useLanguage } from "../lib/use-language";

const LanguageMenu = lazyComponent(() => import("./language-menu").then((m) => m.LanguageMenu));

/**
 * Changes the interface language and the colour scheme (light, dark or the system's), kept on this
 * device and saved for a signed-in user.
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const language = useLanguage();
  const changeLanguage = useChangeLanguage();
  const { user } = useSession();
  const theme = useThemeChoice();

  const choose = (value: string) => {
    if (!isSupportedLanguage(value) || value === language) return;
    changeLanguage(value);
    // Not worth interrupting the person for: the choice still holds on this device.
    if (user) {
      import("../features/accounts/api/save-language")
        .then(({ saveLanguage }) => saveLanguage(value))
        .catch((error: unknown) => console.error("Saving the language failed", error));
    }
  };

  const chooseAndSaveTheme = (value: string) => {
    if (!isThemeChoice(value)) return;
    chooseTheme(value);
    // Kept in the account like the language, so another browser takes it at sign-in (decision 0033).
    if (user) {
      import("../features/accounts/api/save-theme")
        .then(({ saveTheme }) => saveTheme(value))
        .catch((error: unknown) => console.error("Saving the colour scheme failed", error));
    }
  };

  const trigger = {
    className: styles.menuButton,
    "aria-label": t("theme.menu_button", {
      language: t("language.current", { language: t(`language.${language}`) }),
      theme: t(`theme.${theme}`),
    }),
    children: (
      <>
        <GlobeIcon />
        <span className={styles.menuButtonText}>{t(`language.${language}`)}</span>
      </>
    ),
  };

  return (
    <DeferredMenu
      trigger={trigger}
      preload={() => {
        preloadLanguages();
        return LanguageMenu.preload();
      }}
      renderMenu={(state) => (
        <LanguageMenu
          {...state}
          trigger={trigger}
          language={language}
          onChoose={choose}
          theme={theme}
          onChooseTheme={chooseAndSaveTheme}
        />
      )}
    />
  );
}
