/** What the API benchmarks share: their options, database and the session cookie they sign. */
import { createHmac } from "node:crypto";

/** The app runs with this secret in the benchmarks, so they can sign a session cookie themselves. */
export const AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123";
/** Created, reused or dropped by the benchmarks only. */
export const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/flashcards_bench";

/** A positive number from `--name=value` (BENCH_ dropped, lower case) or the environment. */
export function option(name: string, fallback: number): number {
  const flag = process.argv.find((arg) => arg.startsWith(`--${name.toLowerCase().replace(/^bench_/, "")}=`));
  const raw = flag ? flag.split("=")[1] : process.env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${raw}`);
  return value;
}

/** The cookie Better Auth would have set for a session (better-call's signed value). */
export function signedSessionCookie(token: string): string {
  const signature = createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}
