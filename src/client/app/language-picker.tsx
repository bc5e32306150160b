import { DropdownMenu } from "radix-ui";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { SUPPORTED_LANGUAGES } from "../../shared/limits";
import { storeLanguage } from "../lib/i18n";
import { isSupportedLanguage, withLanguage } from "../lib/language";
import styles from "./header.module.css";
import { useLanguage } from "./use-language";

/** Stores the choice, switches the interface and opens the same page under the new prefix. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();

  const choose = (value: string) => {
    if (!isSupportedLanguage(value) || value === language) return;
    storeLanguage(value);
    void i18n.changeLanguage(value);
    // Pages outside the prefix (reset password, confirm sign-up) stay where they are.
    if (location.pathname.startsWith(`/${language}`)) {
      navigate({ pathname: withLanguage(location.pathname, value), search: location.search, hash: location.hash });
    }
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={styles.menuButton}
        aria-label={`${t("language.label")}: ${t(`language.${language}`)}`}
      >
        <GlobeIcon />
        <span className={styles.menuButtonText}>{t(`language.${language}`)}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6}>
          <DropdownMenu.Label className={styles.menuLabel}>{t("language.label")}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={language} onValueChange={choose}>
            {SUPPORTED_LANGUAGES.map((code) => (
              <DropdownMenu.RadioItem key={code} value={code} className={styles.menuItem} lang={code}>
                <DropdownMenu.ItemIndicator className={styles.menuIndicator}>✓</DropdownMenu.ItemIndicator>
                {t(`language.${code}`)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function GlobeIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </svg>
  );
}
