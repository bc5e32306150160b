import { loadAllTexts } from "@client/lib/i18n";
import { useEffect, useState } from "react";

/**
 * True once every text of the page's language is here. The offline pieces behind every page load
 * without them (a first visit should not download every text, decision 0015) and ask for them
 * only when they have something to say.
 */
export function useAllTexts(wanted: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted || ready) return;
    let current = true;
    loadAllTexts().then(
      () => current && setReady(true),
      (error: unknown) => console.error("Loading the texts failed", error),
    );
    return () => {
      current = false;
    };
  }, [wanted, ready]);
  return ready;
}
