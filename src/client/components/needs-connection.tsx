import { useOnline } from "@client/core/offline/network";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import styles from "./connection.module.css";

/**
 * For a write that needs the server (create, edit, follow): offline, the control is disabled and
 * described by the reason. Spread `control` on the buttons; render `reason` beside them (read by
 * screen readers only with `hiddenReason`, where the button's title shows it: the header).
 */
export function useNeedsConnection({ hiddenReason = false } = {}) {
  const online = useOnline();
  const { t } = useTranslation();
  const id = useId();
  return {
    offline: !online,
    control: online ? {} : { disabled: true, "aria-describedby": id, title: t("offline.needs_connection") },
    reason: online ? null : (
      <span id={id} className={hiddenReason ? "visually-hidden" : styles.reason}>
        {t("offline.needs_connection")}
      </span>
    ),
  };
}
