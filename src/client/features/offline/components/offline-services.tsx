import { Button } from "@client/components/button";
import { discardVisitor, mergeVisitorInto, visitorCount } from "@client/core/offline/outbox";
import { setSyncUser, startSync, syncNow } from "@client/core/offline/sync";
import { notify } from "@client/lib/notify";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./offline.module.css";
import { useAllTexts } from "./use-all-texts";

/**
 * What runs behind every page while someone is signed in: the outbox's sync for that person and
 * the offer to add a visitor's answers to the account just signed in to. The app shell loads it
 * only once the session names someone (decision 0034): a visitor's answers wait in the outbox for
 * an account and are never sent, so a visitor's pages need none of this code (the study screens
 * load the outbox themselves).
 */
export function OfflineServices({ userId }: { userId: string }) {
  useEffect(() => startSync(), []);
  useEffect(() => {
    setSyncUser(userId);
    // Signed out: nothing is sent and the header's count goes.
    return () => setSyncUser(null);
  }, [userId]);
  return <VisitorOffer userId={userId} />;
}

/** A visitor's answers on this browser, offered to the account that just signed in. */
function VisitorOffer({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  const [busy, setBusy] = useState(false);
  const textsReady = useAllTexts(count > 0);
  useEffect(() => {
    let current = true;
    visitorCount().then(
      (found) => current && setCount(found.answers + found.passes),
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, []);
  if (count === 0 || !textsReady) return null;
  const add = async () => {
    setBusy(true);
    try {
      await mergeVisitorInto(userId);
      setCount(0);
      notify.success(t("offline.visitor_added"));
      await syncNow();
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    setBusy(true);
    try {
      await discardVisitor();
      setCount(0);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`${styles.banner} ${styles.update}`} aria-label={t("offline.visitor_add")}>
      <p className={styles.bannerInner}>
        <span>{t("offline.visitor_offer", { count })}</span>
        <Button size="small" disabled={busy} onClick={() => void add()}>
          {t("offline.visitor_add")}
        </Button>
        <Button size="small" variant="secondary" disabled={busy} onClick={() => void discard()}>
          {t("offline.visitor_discard")}
        </Button>
      </p>
    </section>
  );
}
