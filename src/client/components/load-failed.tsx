import { useOnline } from "@client/core/offline/network";
import { isNetworkError } from "@client/core/offline/offline-copy";
import { useLocalePath } from "@client/lib/use-language";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button, buttonClass } from "./button";
import styles from "./connection.module.css";
import { Link } from "./link";

interface LoadFailedProps {
  error: unknown;
  retry(): void;
  /** The page's own sentence for a failure other than the network (e.g. "The course could not be loaded."). */
  message?: string;
  /** The page's own sentence offline, for a page that is never kept (search needs the server). */
  offlineMessage?: string;
}

/**
 * A page whose data did not come: offline and not kept, it says so; any other failure says it
 * could not be loaded. Both offer a retry and a way back, never an endless spinner.
 */
export function LoadFailed({ error, retry, message, offlineMessage }: LoadFailedProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const offline = !online || isNetworkError(error);
  return (
    <div role="alert">
      {offline && <h2>{t("offline.not_available_title")}</h2>}
      <p className={styles.message}>
        {offline ? (offlineMessage ?? t("offline.not_available")) : (message ?? t("offline.load_failed"))}
      </p>
      <div className={styles.actions}>
        <Button onClick={retry}>{t("offline.retry")}</Button>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          {t("offline.go_back")}
        </Button>
        {offline && (
          <Link to={localePath("/offline")} className={buttonClass({ variant: "link" })}>
            {t("offline.kept_link")}
          </Link>
        )}
      </div>
    </div>
  );
}
