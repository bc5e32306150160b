import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** How long after a page change its heading may still arrive (a lazy screen, a slow query). */
const WINDOW_MS = 10_000;
/** How long a dialog or menu closed by the navigation may take to hand the focus back (Radix: a tick). */
const RESTORE_MS = 400;

/** The path without its language, so a switch of language is not a new page. */
const pageOf = (pathname: string) => pathname.replace(/^\/[a-z]{2}(?=\/|$)/, "");

const isEditable = (element: Element) =>
  element.matches('input, textarea, select, [contenteditable="true"], [role="combobox"]');

/**
 * After an in-app page change the focus goes to the new page's main heading (made focusable with
 * tabIndex -1), as accessible single-page sites do: a screen reader reads where it arrived and Tab
 * goes on from the top of the page, instead of from the page's body or a button of the page before.
 * Not on the first load, not when only the query or the language changes (search typing, a sort),
 * never away from a field (someone typing) or from something the new page focuses itself, or the
 * person moved the focus to since. The heading may come after the path (a lazy screen, a query):
 * it is waited for, a while.
 */
export function usePageFocus() {
  const { pathname } = useLocation();
  const page = pageOf(pathname);
  const previous = useRef(page);
  useEffect(() => {
    if (previous.current === page) return;
    previous.current = page;
    const main = document.getElementById("main");
    if (!main) return;
    let heading: HTMLElement | null = null;
    let done = false;
    /** What had the focus as the page changed: the link or button that changed it, usually. */
    const trigger = document.activeElement;
    const started = performance.now();
    const settle = () => {
      if (done) return;
      const h1 = main.querySelector("h1");
      if (!h1) return;
      const active = document.activeElement;
      if (active === h1) return;
      const movable =
        !active ||
        active === document.body ||
        active === main ||
        !active.isConnected ||
        active === heading ||
        (!main.contains(active) &&
          !isEditable(active) &&
          !active.closest('[role="dialog"], [role="alertdialog"]') &&
          (active === trigger || performance.now() - started < RESTORE_MS));
      if (!movable) return stop();
      if (!h1.hasAttribute("tabindex")) h1.tabIndex = -1;
      heading = h1;
      h1.focus({ preventScroll: true });
    };
    // Something a dialog or menu closed by the navigation gives the focus back (after a tick): the
    // page's heading takes it again, unless the person is the one moving it.
    const onFocusIn = () => {
      if (performance.now() - started < RESTORE_MS) settle();
    };
    const stop = () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(late);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("keydown", stop, true);
      document.removeEventListener("pointerdown", stop, true);
    };
    const observer = new MutationObserver(settle);
    observer.observe(main, { childList: true, subtree: true });
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("keydown", stop, true);
    document.addEventListener("pointerdown", stop, true);
    const timer = setTimeout(stop, WINDOW_MS);
    const late = setTimeout(settle, 50);
    settle();
    return stop;
  }, [page]);
}
