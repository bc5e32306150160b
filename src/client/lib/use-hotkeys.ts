/**
 * A screen's keyboard shortcuts: one keydown listener on the window, keys named as
 * KeyboardEvent.key ("ArrowUp", " ", "1"). One rule for every screen: keys typed into a field or
 * pressed inside a dialog or menu belong there, and combinations with Ctrl, Alt or Meta are the
 * browser's. Ours rather than a library's: see docs/decisions/0019-keyboard-and-language.md.
 */
import { useEffect, useRef } from "react";

/** A handler returns false to leave the key to the browser after all (a tall section scrolls). */
export type Hotkeys = Readonly<Record<string, (event: KeyboardEvent) => unknown>>;

const OWNS_KEYS = "input, textarea, select, [contenteditable], [role=dialog], [role=menu]";

/** A checkbox on the screen uses only Space: the arrows stay the screen's (the flip cards' Shuffle). */
function ownsKey(target: Element, key: string): boolean {
  if (target.matches("input[type=checkbox]") && !target.closest("[role=dialog], [role=menu]")) return key === " ";
  return target.closest(OWNS_KEYS) !== null;
}

export function useHotkeys(keys: Hotkeys, enabled = true) {
  // The latest handlers, without adding and removing the listener on every render.
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof Element && ownsKey(event.target, event.key)) return;
      const handler = latest.current[event.key];
      // Handled: no page scrolling, and Space does not also press a focused button.
      if (handler && handler(event) !== false) event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
