import { Button } from "@client/components/button";
import { useOnline } from "@client/core/offline/network";
import { isNetworkError } from "@client/core/offline/offline-copy";
import { useTranslation } from "react-i18next";
import styles from "./hard-cards.module.css";

interface LoadProblemProps {
  error: unknown;
  /** The list's own sentence for a failure of the server. */
  message: string;
  retry(): void;
  retrying: boolean;
}

/**
 * A hard-card list that did not come. Offline it is no error (the review's end screen works
 * offline, and these lists need the server): it says they show when online, and they load again by
 * themselves when the connection returns. Any other failure is an alert with a retry.
 */
export function LoadProblem({ error, message, retry, retrying }: LoadProblemProps) {
  const { t } = useTranslation();
  const online = useOnline();
  if (!online || isNetworkError(error)) return <p className={styles.about}>{t("hard_cards.offline")}</p>;
  return (
    <div role="alert" className={styles.failed}>
      <p>{message}</p>
      <Button variant="secondary" onClick={retry} disabled={retrying}>
        {t("hard_cards.retry")}
      </Button>
    </div>
  );
}
