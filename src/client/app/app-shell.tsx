import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useMatches } from "react-router";
import { AuthDialogProvider } from "../features/accounts/components/auth-dialog";
import { SessionProvider } from "../features/accounts/session";
import { OfflineBanner } from "../features/offline/components/offline-banner";
import styles from "./app-shell.module.css";
import { Footer } from "./footer";
import { Header } from "./header";
import { usePageFocus } from "./use-page-focus";

/** The service worker, the outbox's sync and their prompts: after the first screen, without the texts (decision 0024). */
const OfflineServices = lazy<() => ReactNode>(() =>
  import("../features/offline/components/offline-services").then(
    (m) => ({ default: m.OfflineServices }),
    // Not loaded (offline before the service worker was installed): the page goes on without it.
    () => ({ default: () => null }),
  ),
);

/** Session, dialogs, header, page and footer around every screen. */
/** A route whose screen is exactly one screen tall, header and footer included (the landing page). */
export interface RouteHandle {
  fitScreen?: boolean;
}

export function AppShell() {
  const { t } = useTranslation();
  const fitScreen = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.fitScreen);
  usePageFocus();
  return (
    <SessionProvider>
      <AuthDialogProvider>
        <div className={fitScreen ? `${styles.shell} ${styles.fitScreen}` : styles.shell}>
          <ScrollToTop />
          <a href="#main" className={styles.skipLink}>
            {t("app.skip_to_content")}
          </a>
          <Header />
          <OfflineBanner />
          <Suspense fallback={null}>
            <OfflineServices />
          </Suspense>
          <main id="main" className={styles.main} tabIndex={-1}>
            <Outlet />
          </main>
          <Footer />
        </div>
      </AuthDialogProvider>
    </SessionProvider>
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
