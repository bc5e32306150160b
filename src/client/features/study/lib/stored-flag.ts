import { useState } from "react";

/** Local storage, or null where the browser refuses it (private modes, storage turned off). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A yes/no choice remembered on this device: the study modes' own settings. */
export function useStoredFlag(key: string, initial: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    const stored = storage()?.getItem(key);
    return stored === null || stored === undefined ? initial : stored === "true";
  });
  const set = (next: boolean) => {
    setValue(next);
    try {
      storage()?.setItem(key, String(next));
    } catch {
      // Full or refused: the choice holds for this visit only.
    }
  };
  return [value, set];
}
