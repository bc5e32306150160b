import { useSyncExternalStore } from "react";

/** A finger is the main pointer (a phone, a tablet): hints speak of tapping, not of keys. */
const TOUCH_QUERY = "(hover: none) and (pointer: coarse)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(TOUCH_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function useTouchScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(TOUCH_QUERY).matches,
    () => false,
  );
}
