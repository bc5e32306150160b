import { Link } from "@client/components/link";
import { useOnline } from "@client/core/offline/network";
import { useLocalePath } from "@client/lib/use-language";
import { useTranslation } from "react-i18next";
import styles from "./offline.module.css";

/** Says so while the browser has no connection, with the way to what still works. */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <div role="status">
      {!online && (
        <div className={styles.banner}>
          <p className={styles.bannerInner}>
            <span>{t("offline.banner")}</span>
            <Link to={localePath("/offline")}>{t("offline.kept_link")}</Link>
          </p>
        </div>
      )}
    </div>
  );
}
