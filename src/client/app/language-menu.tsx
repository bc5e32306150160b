/** The language picker's menu (language-picker.tsx), loaded on first use. */

import { SUPPORTED_LANGUAGES } from "@shared/limits";
import { DropdownMenu } from "radix-ui";
import { useTranslation } from "react-i18next";
import type { MenuState, MenuTriggerProps } from "../components/deferred-menu";
import styles from "../components/header-menu.module.css";

interface LanguageMenuProps extends MenuState {
  trigger: MenuTriggerProps;
  language: string;
  onChoose(value: string): void;
}

export function LanguageMenu({ open, onOpenChange, trigger, language, onChoose }: LanguageMenuProps) {
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
