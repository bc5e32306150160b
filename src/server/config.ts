/**
 * Turns the validated environment into what the app needs: its public origin, the origins it
 * accepts requests from, and the auth secret (generated and kept in DATA_DIR when not given).
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { dataDirStartupError } from "./db/availability";
import type { Env } from "./env";

export interface AppConfig {
  /** The site's public address, without a trailing slash: mailed links start with it. */
  origin: string;
  /** Browser origins whose writes are accepted. */
  trustedOrigins: string[];
  authSecret: string;
  /** Production hides development pages such as /dev/outbox. */
  production: boolean;
  /** Reverse proxies in front of the server (0: none); see http/client-address.ts. */
  trustProxy: number;
  /**
   * Who may read /dev/outbox, which hands out every mailed link (a reset link is an account):
   * nobody, only requests from this machine, or anyone (OUTBOX=true, a deliberate choice).
   */
  outbox: "off" | "loopback" | "anyone";
  /** The time learning memory schedules by; tests move it forward. */
  clock: () => Date;
  /** How long the results of a 1–2 character search are kept (features/search). */
  shortSearchCacheMs: number;
  /**
   * How passwords are hashed and checked. Unset (always, outside the API tests): Better Auth's own
   * scrypt. The API tests pass a cheaper scrypt: they check who may sign in, not the hash's cost
   * (docs/decisions/0020).
   */
  passwordHashing?: PasswordHashing;
}

export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine can reach. */
export function isLoopback(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/^::ffff:/i, "");
  return bare === "localhost" || bare === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function outboxAccess(env: Env, production: boolean): AppConfig["outbox"] {
  if (env.OUTBOX !== undefined) return env.OUTBOX ? "anyone" : "off";
  return !production && isLoopback(env.HOST) ? "loopback" : "off";
}

const VITE_DEV_PORT = 5173;
/** A new course shows in a one-letter search at most this late. */
const SHORT_SEARCH_CACHE_MS = 30_000;

export async function resolveConfig(env: Env): Promise<AppConfig> {
  const production = env.NODE_ENV === "production";
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  // An IPv6 address goes in brackets in a URL.
  const listenHost = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  const origin = (env.APP_ORIGIN ?? `http://${listenHost}:${env.PORT}`).replace(/\/+$/, "");

  const trusted = new Set([new URL(origin).origin]);
  if (!env.APP_ORIGIN || !production) {
    // Locally the same server is reached as localhost or 127.0.0.1, and Vite's dev server proxies to it.
    for (const host of ["127.0.0.1", "localhost"]) {
      trusted.add(`http://${host}:${env.PORT}`);
      if (!production) trusted.add(`http://${host}:${VITE_DEV_PORT}`);
    }
  }

  return {
    origin,
    trustedOrigins: [...trusted],
    authSecret: env.AUTH_SECRET ?? (await readOrCreateSecret(resolve(env.DATA_DIR))),
    production,
    trustProxy: env.TRUST_PROXY,
    outbox: outboxAccess(env, production),
    clock: () => new Date(),
    shortSearchCacheMs: SHORT_SEARCH_CACHE_MS,
  };
}

async function readOrCreateSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, "auth-secret");
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: create it below.
  }
  const secret = randomBytes(32).toString("base64url");
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${secret}\n`, { mode: 0o600 });
  } catch (error) {
    throw (await dataDirStartupError(error, dataDir)) ?? error;
  }
  return secret;
}
