import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../components/link";
import { useSession } from "../core/session/session";
import { AccountMenu } from "../features/accounts/components/account-menu";
import { CreateCourseButton } from "../features/courses/components/create-course-button";
import { SearchButton } from "../features/search/components/search-button";
import { useLocalePath } from "../lib/use-language";
import styles from "./header.module.css";
import { LanguagePicker } from "./language-picker";
import { MenuButton, SiteNav, useSiteMenu } from "./site-nav";

/**
 * "N answers waiting to sync" (decision 0025): with the outbox's code, only while someone is signed
 * in (a visitor's answers wait for an account and are not counted; decision 0034).
 */
const SyncStatus = lazy<() => ReactNode>(() =>
  import("../features/offline/components/sync-status").then(
    (m) => ({ default: m.SyncStatus }),
    // Not loaded (offline before the service worker was installed): the page goes on without it.
    () => ({ default: () => null }),
  ),
);

export function Header() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { user } = useSession();
  const menu = useSiteMenu();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={localePath("/home")} className={styles.logo} aria-label={t("header.home_link")}>
          <LogoMark />
          <span className={styles.logoText}>{t("app.name")}</span>
        </Link>
        <div className={styles.actions}>
          {user && (
            <Suspense fallback={null}>
              <SyncStatus />
            </Suspense>
          )}
          <SearchButton />
          <CreateCourseButton />
          <AccountMenu />
          <LanguagePicker />
          <MenuButton menu={menu} />
        </div>
      </div>
      <SiteNav menu={menu} />
    </header>
  );
}

export function LogoMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
      <rect
        x="3"
        y="7"
        width="20"
        height="16"
        rx="3"
        fill="var(--accent-soft)"
        stroke="var(--accent)"
        strokeWidth="2"
      />
      <rect x="9" y="11" width="20" height="16" rx="3" fill="var(--surface)" stroke="var(--accent)" strokeWidth="2" />
      <path d="M14 19h10M14 23h6" stroke="var(--accent)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
