import { PAGE_FOCUS_RESTORE_MS as RESTORE_MS } from "@shared/limits";

/**
 * The work of `usePageFocus` (use-page-focus.ts), loaded with the first page change so that a first
 * visit does not download it (decision 0034).
 */

/** How long after a page change its heading may still arrive (a lazy screen, a slow query). */
const WINDOW_MS = 10_000;

const isEditable = (element: Element) =>
  element.matches('input, textarea, select, [contenteditable="true"], [role="combobox"]');

/**
 * Moves the focus to `main`'s h1 once it is there, unless the focus is somewhere a person or the new
 * page put it. `trigger` had the focus as the page changed (the link or button that changed it,
 * usually); `started` is when. Returns what stops watching.
 */
export function focusNewPage(main: HTMLElement, trigger: Element | null, started: number): () => void {
  let heading: HTMLElement | null = null;
  let done = false;
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
}
