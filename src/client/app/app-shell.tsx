import { type ComponentType, lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useMatches } from "react-router";
import { SessionProvider, useSession } from "../core/session/session";
import { AuthDialogProvider } from "../features/accounts/components/auth-dialog";
import { StoredSettings } from "../features/accounts/components/stored-settings";
import {
  onWatchForUpdates,
  registerServiceWorkerWhenIdle,
  shouldWatchForUpdates,
} from "../features/offline/api/service-worker";
import { OfflineBanner } from "../features/offline/components/offline-banner";
import styles from "./app-shell.module.css";
import { Footer } from "./footer";
import { Header } from "./header";
import { usePageFocus } from "./use-page-focus";

/**
 * A component loaded when first drawn. A chunk that cannot load (offline before the service worker
 * was installed) draws nothing: the page goes on without it.
 */
function optional<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy<ComponentType<P>>(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: () => null }),
    ),
  );
}

/** The outbox's sync and the visitor's offer: only while someone is signed in (decision 0034). */
const OfflineServices = optional<{ userId: string }>(() =>
  import("../features/offline/components/offline-services").then((m) => m.OfflineServices),
);
/** "A new version is ready": only when there can be one (not on a first visit, until a version turns up). */
const UpdatePrompt = optional(() => import("../features/offline/components/update-prompt").then((m) => m.UpdatePrompt));

/** A route whose screen is exactly one screen tall, header and footer included (the landing page). */
export interface RouteHandle {
  fitScreen?: boolean;
}

/** Session, dialogs, header, page and footer around every screen. */
export function AppShell() {
  const { t } = useTranslation();
  const fitScreen = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.fitScreen);
  usePageFocus();
  return (
    <SessionProvider>
      <StoredSettings />
      <AuthDialogProvider>
        <div className={fitScreen ? `${styles.shell} ${styles.fitScreen}` : styles.shell}>
          <ScrollToTop />
          <a href="#main" className={styles.skipLink}>
            {t("app.skip_to_content")}
          </a>
          <Header />
          <OfflineBanner />
          <BackgroundServices />
          <main id="main" className={styles.main} tabIndex={-1}>
            <Outlet />
          </main>
          <Footer />
        </div>
      </AuthDialogProvider>
    </SessionProvider>
  );
}

/**
 * The installable app behind every page (decisions 0024, 0034): the service worker, registered
 * once the page is idle; the manifest in the page's language; the update prompt when a new version
 * can turn up; the outbox's sync for a signed-in person. A visitor's first visit loads none of
 * the outbox's or IndexedDB's code.
 */
function BackgroundServices() {
  const { user } = useSession();
  const { i18n } = useTranslation();
  const watchForUpdates = useSyncExternalStore(onWatchForUpdates, shouldWatchForUpdates, () => false);
  useEffect(registerServiceWorkerWhenIdle, []);
  // The install prompt names the app in the page's language.
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link) link.href = i18n.language === "ja" ? "/manifest-ja.webmanifest" : "/manifest.webmanifest";
  }, [i18n.language]);
  return (
    <>
      {watchForUpdates && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <OfflineServices userId={user.id} />
        </Suspense>
      )}
    </>
  );
}

/** The spec scrolls to the top on every path change (not on query or hash changes). */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
