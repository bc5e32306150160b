/**
 * Who was signed in when the server last answered, so that studying offline still counts for
 * that person (their answers go to their outbox). Only the id and email, in localStorage.
 */
interface RememberedUser {
  id: string;
  email: string;
}

const KEY = "flashcards-last-session";

export function rememberSession(user: RememberedUser | null): void {
  try {
    if (user) localStorage.setItem(KEY, JSON.stringify({ id: user.id, email: user.email }));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): offline study then counts as a visitor's.
  }
}

export function lastSession(): RememberedUser | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? "null") as unknown;
    if (value && typeof value === "object" && "id" in value && "email" in value) {
      const { id, email } = value as RememberedUser;
      if (typeof id === "string" && typeof email === "string") return { id, email };
    }
  } catch {
    // Unreadable: as if nothing was remembered.
  }
  return null;
}
