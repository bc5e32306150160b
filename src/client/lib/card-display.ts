/**
 * How card text is shown (decision 0052): readings (furigana) always, on hover or tap, or never,
 * and whether review and practice read each question aloud. Kept on this device (local storage),
 * for visitors and signed-in learners alike, and followed across tabs.
 */
import { useSyncExternalStore } from "react";

export const READING_MODES = ["always", "hover", "never"] as const;
export type ReadingMode = (typeof READING_MODES)[number];

export interface CardDisplay {
  readings: ReadingMode;
  readAloud: boolean;
}

export const CARD_DISPLAY_STORAGE_KEY = "cardDisplay";
export const DEFAULT_CARD_DISPLAY: CardDisplay = { readings: "always", readAloud: false };

/** What storage holds, read leniently: anything unknown falls back to the default. */
export function parseCardDisplay(stored: string | null): CardDisplay {
  try {
    const value: unknown = stored ? JSON.parse(stored) : null;
    if (typeof value !== "object" || value === null) return DEFAULT_CARD_DISPLAY;
    const { readings, readAloud } = value as Record<string, unknown>;
    return {
      readings: READING_MODES.includes(readings as ReadingMode) ? (readings as ReadingMode) : "always",
      readAloud: readAloud === true,
    };
  } catch {
    return DEFAULT_CARD_DISPLAY;
  }
}

/** This visit's choice when storage is disabled. */
let unstored: CardDisplay = DEFAULT_CARD_DISPLAY;
/** The snapshot React compares: the same object until storage changes. */
let current: { raw: string | null; value: CardDisplay } | undefined;

function read(): CardDisplay {
  let raw: string | null;
  try {
    raw = localStorage.getItem(CARD_DISPLAY_STORAGE_KEY);
  } catch {
    return unstored;
  }
  if (current?.raw !== raw) current = { raw, value: parseCardDisplay(raw) };
  return current.value;
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function saveCardDisplay(change: Partial<CardDisplay>): void {
  const next = { ...read(), ...change };
  unstored = next;
  try {
    localStorage.setItem(CARD_DISPLAY_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Not fatal: the choice holds for this visit.
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CARD_DISPLAY_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useCardDisplay(): CardDisplay {
  return useSyncExternalStore(subscribe, read, () => DEFAULT_CARD_DISPLAY);
}
