import { Button } from "@client/components/button";
import { useSession } from "@client/features/accounts/session";
import { notify } from "@client/lib/notify";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { discardVisitor, mergeVisitorInto, visitorCount } from "../api/outbox";
import { onUpdateReady, registerServiceWorker, reloadWithUpdate, updateReady } from "../api/service-worker";
import { setSyncUser, startSync, syncNow } from "../api/sync";
import styles from "./offline.module.css";
import { useAllTexts } from "./use-all-texts";

/**
 * What runs behind every page, loaded after the first screen: the service worker, the outbox's
 * sync for whoever is signed in, the manifest in the page's language, the "new version" prompt and
 * the offer to add a visitor's answers to the account just signed in to.
 */
export function OfflineServices() {
  const { user, initialised } = useSession();
  const { i18n } = useTranslation();
  useEffect(() => {
    registerServiceWorker();
    startSync();
  }, []);
  useEffect(() => {
    if (initialised) setSyncUser(user?.id ?? null);
  }, [user, initialised]);
  // The install prompt names the app in the page's language.
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link) link.href = i18n.language === "ja" ? "/manifest-ja.webmanifest" : "/manifest.webmanifest";
  }, [i18n.language]);
  return (
    <>
      <UpdatePrompt />
      {user && <VisitorOffer userId={user.id} />}
    </>
  );
}

function UpdatePrompt() {
  const { t } = useTranslation();
  const ready = useSyncExternalStore(onUpdateReady, updateReady, () => false);
  const textsReady = useAllTexts(ready);
  if (!ready || !textsReady) return null;
  return (
    <div className={`${styles.banner} ${styles.update}`} role="status">
      <p className={styles.bannerInner}>
        <span>{t("offline.update_ready")}</span>
        <Button size="small" onClick={reloadWithUpdate}>
          {t("offline.update_reload")}
        </Button>
      </p>
    </div>
  );
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
