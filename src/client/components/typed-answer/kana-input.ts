/**
 * Romaji turned into kana as it is typed (WanaKana's IME mode), for learners without a Japanese
 * input method. A system IME's composition is left alone: nothing converts between
 * compositionstart and compositionend, and the text it commits is its own. The caret stays after
 * what was converted, wherever in the text it was typed.
 */
import { type ChangeEvent, useLayoutEffect, useRef } from "react";
import { toKana } from "wanakana";

export function useKanaInput(enabled: boolean, setValue: (value: string) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const composing = useRef(false);
  const caret = useRef<number | null>(null);
  // After the converted value is rendered (React puts the caret at the end), put it back.
  useLayoutEffect(() => {
    if (caret.current === null || !ref.current) return;
    ref.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  return {
    ref,
    onCompositionStart: () => {
      composing.current = true;
    },
    onCompositionEnd: () => {
      composing.current = false;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value, selectionEnd } = event.currentTarget;
      const native = event.nativeEvent as InputEvent;
      if (!enabled || composing.current || native.isComposing) return setValue(value);
      // Only the text before the caret: what follows it was typed (and converted) before.
      const end = selectionEnd ?? value.length;
      const head = value.slice(0, end);
      const converted = toKana(head, { IMEMode: true });
      if (converted === head) return setValue(value);
      caret.current = converted.length;
      setValue(converted + value.slice(end));
    },
  };
}

/** On checking: a last lone "n" becomes ん (IME mode waits for the next letter). */
export const finishKana = (value: string) => toKana(value);
