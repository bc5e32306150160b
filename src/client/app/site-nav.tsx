/**
 * The header's navigation (#23): every place a person can go, one or two clicks from any page.
 * Wide screens show the links as the header's second row; phones fold them behind a Menu button (a
 * disclosure: the button says whether the list is open, Escape closes it and gives the focus back
 * to the button, a link or a click elsewhere closes it). One list of links either way: CSS decides.
 *
 * A visitor sees what a visitor can use (the start page and the courses kept on this device); a
 * signed-in person every page of their own, with today's review count on Review. The count's
 * query and code are a chunk of their own, loaded only once someone is signed in (decision 0034).
 */
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import headerMenu from "../components/header-menu.module.css";
import { CloseIcon, MenuIcon } from "../components/icons";
import { Link } from "../components/link";
import { useSession } from "../core/session/session";
import { useLocalePath } from "../lib/use-language";
import styles from "./header.module.css";

/** "Review (3 cards due today)": today's review count, as Home shows it. Nothing if it cannot load. */
const DueBadge = lazy<ComponentType>(() =>
  import("../features/reviews/components/due-badge").then(
    (m) => ({ default: m.DueBadge }),
    () => ({ default: () => null }),
  ),
);

const NAV_ID = "site-nav";

/** [path under the language, text key]. */
const SIGNED_IN = [
  ["/home", "nav.home"],
  ["/review", "nav.review"],
  ["/my_courses", "nav.my_courses"],
  ["/followed_courses", "nav.followed"],
  ["/stats", "nav.stats"],
  ["/import", "nav.import"],
  ["/offline", "nav.offline"],
] as const;
/** A visitor's home is the start page: /home holds only invitations to sign in. */
const VISITOR = [
  ["/", "nav.home"],
  ["/offline", "nav.offline"],
] as const;

/** Whether the phone's menu is open, and what closes it. Shared by the button and the list. */
export function useSiteMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // A new page closes it (a link was followed; page-focus then moves the focus to its heading).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpen(false);
      // Back to the button, unless the focus went somewhere else meanwhile.
      const focused = document.activeElement;
      if (!focused || focused === document.body || nav.current?.contains(focused)) button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!nav.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return { open, setOpen, button, nav };
}

type SiteMenu = ReturnType<typeof useSiteMenu>;

/** The phone's Menu button (hidden on wide screens, where the links show), with the due count. */
export function MenuButton({ menu }: { menu: SiteMenu }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const onReview = useOnReview();
  return (
    <button
      type="button"
      ref={menu.button}
      className={`${headerMenu.menuButton} ${styles.menuToggle}`}
      aria-expanded={menu.open}
      aria-controls={NAV_ID}
      onClick={() => menu.setOpen(!menu.open)}
    >
      {menu.open ? <CloseIcon /> : <MenuIcon />}
      <span className="visually-hidden">{t("nav.menu")}</span>
      {user && !onReview && (
        <Suspense fallback={null}>
          <DueBadge />
        </Suspense>
      )}
    </button>
  );
}

/** On the review screen, which shows its own count as it goes: no badge that would lag behind it. */
function useOnReview() {
  return /^\/[a-z]{2}\/review\/?$/.test(useLocation().pathname);
}

export function SiteNav({ menu }: { menu: SiteMenu }) {
  const { t } = useTranslation();
  const { user, initialised } = useSession();
  const localePath = useLocalePath();
  const { pathname } = useLocation();
  const onReview = useOnReview();
  // Until the session is known, the row keeps its place without guessing either list.
  const items = !initialised ? [] : user ? SIGNED_IN : VISITOR;
  const here = pathname.replace(/\/$/, "");
  return (
    <nav
      id={NAV_ID}
      ref={menu.nav}
      className={menu.open ? `${styles.nav} ${styles.navOpen}` : styles.nav}
      aria-label={t("header.main_navigation")}
      // Tabbing out of the open menu closes it: what gets the focus next is not left under it.
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (menu.open && next && !menu.nav.current?.contains(next) && !menu.button.current?.contains(next)) {
          menu.setOpen(false);
        }
      }}
    >
      <ul className={styles.navList}>
        {items.map(([path, key]) => {
          const to = localePath(path);
          const current = to.replace(/\/$/, "") === here;
          return (
            <li key={path}>
              <Link
                to={to}
                className={styles.navLink}
                aria-current={current ? "page" : undefined}
                onClick={() => {
                  if (!menu.open) return;
                  menu.setOpen(false);
                  // The page stays: the focus goes back to the button rather than to a hidden link.
                  if (current) menu.button.current?.focus();
                }}
              >
                {t(key)}
                {path === "/review" && !onReview && (
                  <Suspense fallback={null}>
                    <DueBadge />
                  </Suspense>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
