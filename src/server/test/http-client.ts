/**
 * A browser-like client for API tests: sends the trusted Origin, keeps cookies, and comes from an
 * address of its own (X-Forwarded-For) so per-IP rate limits of one test never touch another.
 */
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { createApp } from "../app";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import { TEST_ORIGIN } from "./test-app";

type App = ReturnType<typeof createApp>;

export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  constructor(
    private readonly app: App,
    private readonly origin: string | null = TEST_ORIGIN,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const all: Record<string, string> = { "x-forwarded-for": this.ip, ...headers };
    if (this.origin) all.origin = this.origin;
    if (this.cookies.size) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body !== undefined) all["content-type"] = "application/json";
    const res = await this.app.request(path, {
      method,
      headers: all,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      const expired = value === "" || attributes.some((a) => /max-age=0\b/i.test(a.trim()));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return res;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request("GET", path, undefined, headers);
  }

  post(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request("POST", path, body, headers);
  }

  put(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request("PUT", path, body, headers);
  }

  delete(path: string, headers?: Record<string, string>) {
    return this.request("DELETE", path, undefined, headers);
  }
}

/** The links of the newest mail to `email`, as paths on this server. */
export async function latestMailLinks(db: Database, email: string): Promise<string[]> {
  const [mail] = await db
    .select({ links: mailOutbox.links })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(mailOutbox.id)
    .then((rows) => rows.slice(-1));
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail.links.map((link) => link.replace(TEST_ORIGIN, ""));
}

export const uniqueEmail = (label = "user") => `${label}-${crypto.randomUUID().slice(0, 12)}@test.example`;

/** Signs up, follows the confirmation link, and leaves the client signed in. */
export async function signUpConfirmed(
  client: TestClient,
  db: Database,
  email = uniqueEmail(),
  password = "correct-horse-1",
) {
  const res = await client.post("/api/auth/sign-up/email", {
    email,
    password,
    name: email,
    callbackURL: "/confirm-signup",
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const [link] = await latestMailLinks(db, email.toLowerCase());
  if (!link) throw new Error("confirmation mail has no link");
  await client.get(link);
  return { email: email.toLowerCase(), password };
}
