import type { KeyboardEvent as ReactKeyboardEvent } from "react";

/**
 * Whether a key belongs to an input method's composition (Japanese kana to kanji, Chinese pinyin…):
 * its Enter confirms the conversion and must not also add, submit or search. Safari reports the
 * confirming keydown with keyCode 229 after compositionend, hence both checks.
 */
export function isComposing(event: ReactKeyboardEvent | KeyboardEvent): boolean {
  const native = "nativeEvent" in event ? event.nativeEvent : event;
  return native.isComposing || native.keyCode === 229;
}
