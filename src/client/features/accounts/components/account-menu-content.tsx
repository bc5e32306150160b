/** The signed-in account menu (account-menu.tsx), loaded on first use. */

import type { MenuState, MenuTriggerProps } from "@client/components/deferred-menu";
import headerStyles from "@client/components/header-menu.module.css";
import { DropdownMenu } from "radix-ui";
import { useTranslation } from "react-i18next";

interface AccountMenuContentProps extends MenuState {
  trigger: MenuTriggerProps;
  email: string;
  onDisplayName(): void;
  onCardDisplay(): void;
  onChangePassword(): void;
  onSignOut(): void;
}

export function AccountMenuContent({
  open,
  onOpenChange,
  trigger,
  email,
  onDisplayName,
  onCardDisplay,
  onChangePassword,
  onSignOut,
}: AccountMenuContentProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={headerStyles.menu} align="end" sideOffset={6}>
          <DropdownMenu.Label className={headerStyles.menuLabel}>
            {t("auth.signed_in_as", { email })}
          </DropdownMenu.Label>
          <DropdownMenu.Item className={headerStyles.menuItem} onSelect={onDisplayName}>
            {t("profile.menu_item")}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={headerStyles.menuItem} onSelect={onCardDisplay}>
            {t("card_text.open")}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={headerStyles.menuItem} onSelect={onChangePassword}>
            {t("auth.change_password")}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={headerStyles.menuItem} onSelect={onSignOut}>
            {t("auth.sign_out")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
