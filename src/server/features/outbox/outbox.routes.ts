/**
 * GET /dev/outbox: the mail the server kept instead of sending (no SMTP_URL), newest first, with
 * clickable links. How a person running the embedded default confirms an account, and how the
 * browser tests read mail. Mounted only as config.outbox says (see config.ts): by default outside
 * production, on a loopback address, for requests from this machine.
 */

import { getConnInfo } from "@hono/node-server/conninfo";
import { isLoopback } from "@server/config";
import { mailOutbox } from "@server/db/schema";
import type { AppEnv } from "@server/http/app-env";
import { desc } from "drizzle-orm";
import { Hono, type MiddlewareHandler } from "hono";
import { html } from "hono/html";

const SHOWN = 100;

/**
 * Only from this machine: the socket's address is loopback and no proxy forwarded the request (a
 * proxy on this machine would make every visitor look local).
 */
const fromThisMachine: MiddlewareHandler<AppEnv> = async (c, next) => {
  let address = "";
  try {
    address = getConnInfo(c).remote.address ?? "";
  } catch {
    // In-process requests have no socket: not from this machine as far as we can tell.
  }
  const forwarded = c.req.header("x-forwarded-for") ?? c.req.header("forwarded") ?? c.req.header("x-real-ip");
  if (!isLoopback(address) || forwarded !== undefined) return c.text("Not found", 404);
  return next();
};

export function outboxRoutes(access: "loopback" | "anyone") {
  const routes = new Hono<AppEnv>();
  if (access === "loopback") routes.use(fromThisMachine);
  return routes.get("/", async (c) => {
    const messages = await c.var.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(SHOWN);

    return c.html(html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Outbox · Flashcards (development)</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 50rem; padding: 1.5rem; color: #161a2b; }
      article { border: 1px solid #dde1ec; border-radius: 12px; padding: 1rem 1.25rem; margin: 0 0 1rem; }
      h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
      dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 .75rem; color: #4f566b; }
      dd { margin: 0; }
      pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f1f3f9; padding: .75rem; border-radius: 8px; }
      a { color: #4343b8; word-break: break-all; }
    </style>
  </head>
  <body>
    <main>
      <h1>Outbox</h1>
      <p>Mail the server kept instead of sending, newest first (development only; set SMTP_URL to send mail).</p>
      ${messages.length === 0 ? html`<p>No mail yet.</p>` : ""}
      ${messages.map(
        (m) => html`<article>
          <h2>${m.subject}</h2>
          <dl>
            <dt>To</dt><dd>${m.recipient}</dd>
            <dt>Time</dt><dd><time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString()}</time></dd>
          </dl>
          <ul>${m.links.map((link) => html`<li><a href="${link}">${link}</a></li>`)}</ul>
          <pre>${m.body}</pre>
        </article>`,
      )}
    </main>
  </body>
</html>`);
  });
}
