import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The path without its language, so a switch of language is not a new page. */
const pageOf = (pathname: string) => pathname.replace(/^\/[a-z]{2}(?=\/|$)/, "");

/**
 * After an in-app page change the focus goes to the new page's main heading (made focusable with
 * tabIndex -1), as accessible single-page sites do: a screen reader reads where it arrived and Tab
 * goes on from the top of the page, instead of from the page's body or a button of the page before.
 * Not on the first load, not when only the query or the language changes (search typing, a sort),
 * never away from a field (someone typing) or from something the new page focuses itself, or the
 * person moved the focus to since. The heading may come after the path (a lazy screen, a query):
 * it is waited for, a while. The work is in page-focus.ts, loaded with the first page change.
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
    // Taken now, as the page changes; what had the focus then is usually the link that changed it.
    const trigger = document.activeElement;
    const started = performance.now();
    let stop: (() => void) | undefined;
    let left = false;
    import("./page-focus")
      .then(({ focusNewPage }) => {
        if (!left) stop = focusNewPage(main, trigger, started);
      })
      // Not loaded (offline before the service worker was installed): the focus stays where it is.
      .catch(() => undefined);
    return () => {
      left = true;
      stop?.();
    };
  }, [page]);
}
