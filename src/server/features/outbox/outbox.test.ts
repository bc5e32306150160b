import { createMailer } from "@server/mail";
import { uniqueEmail } from "@server/test/http-client";
import { createTestApp, setupTestApp } from "@server/test/test-app";
import { describe, expect, it } from "vitest";

const { app, database } = await setupTestApp();
const mailer = createMailer({ db: database.db, from: "test@flashcards.example", log: () => {} });

describe("GET /dev/outbox", () => {
  it("lists kept mail newest first, with recipient, subject, time and clickable links, escaped", async () => {
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await mailer.send({
      to: first,
      subject: "Older <b>mail</b>",
      body: "Body one",
      links: ["http://127.0.0.1:3000/a?x=1&y=2"],
    });
    await mailer.send({ to: second, subject: "Newer mail", body: "Body two", links: ["http://127.0.0.1:3000/b"] });

    const res = await app.request("/dev/outbox");
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page.indexOf(second)).toBeGreaterThan(-1);
    expect(page.indexOf(second)).toBeLessThan(page.indexOf(first));
    expect(page).toContain("Older &lt;b&gt;mail&lt;/b&gt;");
    expect(page).toContain('<a href="http://127.0.0.1:3000/a?x=1&amp;y=2">');
    expect(page).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}T/);
  });
});

describe("who may read the outbox", () => {
  const withAccess = (outbox: "loopback" | "off") => createTestApp(database.db, { outbox });

  it("is not served at all when off", async () => {
    expect((await withAccess("off").request("/dev/outbox")).status).toBe(404);
  });

  it("refuses, from this machine only, a request with no local socket or one a proxy forwarded", async () => {
    const local = withAccess("loopback");
    // In-process requests have no socket address: not provably from this machine.
    expect((await local.request("/dev/outbox")).status).toBe(404);
    expect((await local.request("/dev/outbox", { headers: { "x-forwarded-for": "127.0.0.1" } })).status).toBe(404);
  });
});
