/** The language picker's menu (language-picker.tsx), loaded on first use: language and colour scheme. */

import { SUPPORTED_LANGUAGES } from "@shared/limits";
import { DropdownMenu } from "radix-ui";
import { useTranslation } from "react-i18next";
import type { MenuState, MenuTriggerProps } from "../components/deferred-menu";
import styles from "../components/header-menu.module.css";
import { THEME_CHOICES, type ThemeChoice } from "../lib/theme";

interface LanguageMenuProps extends MenuState {
  trigger: MenuTriggerProps;
  language: string;
  onChoose(value: string): void;
  theme: ThemeChoice;
  onChooseTheme(value: string): void;
}

export function LanguageMenu({
  open,
  onOpenChange,
  trigger,
  language,
  onChoose,
  theme,
  onChooseTheme,
}: LanguageMenuProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6}>
          <DropdownMenu.Label className={styles.menuLabel}>{t("language.label")}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={language} onValueChange={onChoose}>
            {SUPPORTED_LANGUAGES.map((code) => (
              <DropdownMenu.RadioItem key={code} value={code} className={styles.menuItem} lang={code}>
                <DropdownMenu.ItemIndicator className={styles.menuIndicator}>✓</DropdownMenu.ItemIndicator>
                {t(`language.${code}`)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={styles.menuSeparator} />
          <DropdownMenu.Label className={styles.menuLabel}>{t("theme.label")}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={onChooseTheme}>
            {THEME_CHOICES.map((choice) => (
              <DropdownMenu.RadioItem key={choice} value={choice} className={styles.menuItem}>
                <DropdownMenu.ItemIndicator className={styles.menuIndicator}>✓</DropdownMenu.ItemIndicator>
                {t(`theme.${choice}`)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
