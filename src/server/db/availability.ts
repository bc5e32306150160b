/**
 * Tells a database that is away (stopped, restarting, unreachable) from a query that failed on
 * its own merits: the first is answered 503 and recovers by itself, the second is a bug (500).
 */

/** SQLSTATE classes and codes that mean "the server or the connection is gone", not "bad query". */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const UNAVAILABLE_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /the database system is (starting up|shutting down)/i,
  /Connection terminated unexpectedly/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === "string" &&
      (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08") || UNAVAILABLE_ERRNOS.has(code))
    ) {
      return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // Drizzle wraps driver errors ("Failed query: …") with the original as `cause`.
    current = cause;
  }
  return false;
}
