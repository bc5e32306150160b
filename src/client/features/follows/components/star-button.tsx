import { useTranslation } from "react-i18next";
import styles from "./star-button.module.css";

/** The star itself: the visitor's, the offline one and the signed-in person's toggle draw it. */
export function StarButton({
  following,
  disabled = false,
  describedBy,
  onClick,
}: {
  following: boolean;
  disabled?: boolean;
  /** Why it is disabled (offline). */
  describedBy?: string;
  onClick?(): void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.star}
      aria-pressed={following}
      disabled={disabled}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      <span aria-hidden="true" className={styles.icon}>
        {following ? "★" : "☆"}
      </span>
      {following ? t("follow.following") : t("follow.follow")}
    </button>
  );
}
