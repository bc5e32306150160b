/**
 * The signed-in person as handlers and services see them. A module of its own, so that services
 * can name it without importing the session middleware, which reads Better Auth's settings
 * (auth.ts imports the accounts service: the two would tie each other).
 */
export interface SessionUser {
  id: string;
  email: string;
}
