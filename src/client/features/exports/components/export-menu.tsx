/** The export menu's content (export-button.tsx), loaded on first use. */
import type { MenuState, MenuTriggerProps } from "@client/components/deferred-menu";
import headerMenu from "@client/components/header-menu.module.css";
import { notify } from "@client/lib/notify";
import { EXPORT_FORMATS, type ExportFormat, exportPath } from "@shared/schemas/exports";
import { DropdownMenu } from "radix-ui";
import { useTranslation } from "react-i18next";
import { downloadExport, type ExportRefusal } from "../lib/download-export";
import styles from "./export-menu.module.css";

interface ExportMenuProps extends MenuState {
  trigger: MenuTriggerProps;
  courseId: number;
}

const REFUSAL_KEYS: Record<ExportRefusal, string> = {
  rate_limited: "exports.rate_limited",
  busy: "exports.busy",
  failed: "exports.failed",
};

const LABEL_KEYS: Record<ExportFormat, string> = {
  csv: "exports.csv",
  quizlet: "exports.quizlet",
  apkg: "exports.apkg",
};

export function ExportMenu({ open, onOpenChange, trigger, courseId }: ExportMenuProps) {
  const { t } = useTranslation();
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology while the
    // trigger in it stays focusable (axe's aria-hidden-focus); the menu still takes the focus.
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={headerMenu.menu} align="start" sideOffset={6}>
          <DropdownMenu.Label className={headerMenu.menuLabel}>{t("exports.menu_label")}</DropdownMenu.Label>
          {EXPORT_FORMATS.map((format) => (
            // The script fetches the file itself, to say why when the server refuses (decision
            // 0037); the server names the file (Content-Disposition).
            <DropdownMenu.Item
              key={format}
              className={styles.item}
              onSelect={() => {
                void downloadExport(exportPath(courseId, format)).then((refusal) => {
                  if (refusal) notify.error(t(REFUSAL_KEYS[refusal]));
                });
              }}
            >
              <span>{t(LABEL_KEYS[format])}</span>
              {format === "quizlet" && <span className={styles.hint}>{t("exports.quizlet_hint")}</span>}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
