/**
 * Light, dark or the system's scheme (decision 0032). The choice is kept on this device like the
 * language (local storage), and in the account when signed in (decision 0033: the session applies
 * the account's choice at sign-in); index.html's pre-paint script applies it before the first paint with
 * the same key and rule, and this module keeps it applied afterwards: on a choice, on a change of
 * the system's scheme, and on a choice made in another tab.
 */
import { THEME_CHOICES, type ThemeChoice } from "@shared/limits";
import { useSyncExternalStore } from "react";

export { THEME_CHOICES, type ThemeChoice };

export const PREFERRED_THEME_STORAGE_KEY = "preferredTheme";
export type Theme = "light" | "dark";

const DARK_QUERY = "(prefers-color-scheme: dark)";

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return (THEME_CHOICES as readonly unknown[]).includes(value);
}

/** The choice of this visit, for when storage is disabled. */
let unstored: ThemeChoice | undefined;

/**
 * What the person chose on this device, undefined when they never chose ("system" by default).
 * Sign-up and sign-in hand it to the account (decision 0035); a default is never sent.
 */
export function chosenTheme(): ThemeChoice | undefined {
  try {
    const stored = localStorage.getItem(PREFERRED_THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : undefined;
  } catch {
    return unstored;
  }
}

export function readThemeChoice(): ThemeChoice {
  return chosenTheme() ?? "system";
}

/** The scheme a choice means now. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === "system") return systemDark ? "dark" : "light";
  return choice;
}

const listeners = new Set<() => void>();

function apply() {
  const theme = resolveTheme(readThemeChoice(), matchMedia(DARK_QUERY).matches);
  if (document.documentElement.dataset.theme !== theme) document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener();
}

let started = false;

/** Applies the stored choice and follows the system and other tabs from now on (main.tsx). */
export function startTheme(): void {
  if (started) return;
  started = true;
  apply();
  matchMedia(DARK_QUERY).addEventListener("change", apply);
  window.addEventListener("storage", (event) => {
    if (event.key === PREFERRED_THEME_STORAGE_KEY || event.key === null) apply();
  });
}

export function chooseTheme(choice: ThemeChoice): void {
  unstored = choice;
  try {
    localStorage.setItem(PREFERRED_THEME_STORAGE_KEY, choice);
  } catch {
    // Not fatal: the scheme still changes for this visit.
  }
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The person's choice (light, dark or system). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => "system");
}

/** The scheme in effect, for what CSS cannot reach (the charts' canvas, the toasts). */
export function useTheme(): Theme {
  return useSyncExternalStore(
    subscribe,
    () => (document.documentElement.dataset.theme === "dark" ? "dark" : "light"),
    () => "light",
  );
}
