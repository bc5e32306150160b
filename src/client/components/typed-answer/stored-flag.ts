import { useState } from "react";

/** A yes/no choice remembered on this browser (the kana switch, review's way of answering). */
export function useStoredFlag(key: string, initial: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    try {
      const stored = localStorage.getItem(key);
      return stored === null ? initial : stored === "true";
    } catch {
      return initial;
    }
  });
  const set = (next: boolean) => {
    setValue(next);
    try {
      localStorage.setItem(key, String(next));
    } catch {
      // Storage refused (private mode, full): the choice holds for this page only.
    }
  };
  return [value, set];
}
