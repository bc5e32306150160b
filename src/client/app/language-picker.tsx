import { DropdownMenu } from "radix-ui";
import { useTranslation } from "react-i18next";
import { SUPPORTED_LANGUAGES } from "../../shared/limits";
import { GlobeIcon } from "../components/icons";
import { saveLanguage } from "../features/accounts/api/save-language";
import { useSession } from "../features/accounts/session";
import { isSupportedLanguage } from "../lib/language";
import styles from "./header.module.css";
import { useChangeLanguage, useLanguage } from "./use-language";

/** Changes the interface language, and saves it for a signed-in user. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const language = useLanguage();
  const changeLanguage = useChangeLanguage();
  const { user } = useSession();

  const choose = (value: string) => {
    if (!isSupportedLanguage(value) || value === language) return;
    changeLanguage(value);
    // Not worth interrupting the person for: the choice still holds on this device.
    if (user) saveLanguage(value).catch((error: unknown) => console.error("Saving the language failed", error));
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
