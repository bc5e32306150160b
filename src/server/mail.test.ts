import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox } from "./db/schema";
import { createMailer } from "./mail";
import { uniqueEmail } from "./test/http-client";
import { setupTestApp } from "./test/test-app";

const { database } = await setupTestApp();

/** A real SMTP server on loopback that keeps what it receives. */
const received: { from: string; to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let data = "";
    stream.on("data", (chunk: Buffer) => {
      data += chunk.toString("utf8");
    });
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        data,
      });
      callback();
    });
  },
});
smtp.listen(0, "127.0.0.1");
await once(smtp.server, "listening");
const port = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe("mail", () => {
  it("goes through SMTP when SMTP_URL is set, and not into the outbox", async () => {
    const to = uniqueEmail("smtp");
    const mailer = createMailer({
      db: database.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Flashcards <no-reply@flashcards.example>",
    });
    await mailer.send({
      to,
      subject: "Confirm your account",
      body: "Follow http://x/confirm",
      links: ["http://x/confirm"],
    });

    const mail = received.find((m) => m.to.includes(to));
    expect(mail?.from).toBe("no-reply@flashcards.example");
    expect(mail?.data).toContain("Subject: Confirm your account");
    expect(mail?.data).toContain("Follow http://x/confirm");
    const kept = await database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.recipient, to));
    expect(kept[0]?.n).toBe(0);
  });

  it("is kept in the outbox, and its links logged, without SMTP", async () => {
    const to = uniqueEmail("outbox");
    const lines: string[] = [];
    const mailer = createMailer({ db: database.db, from: "x@flashcards.example", log: (line) => lines.push(line) });
    await mailer.send({ to, subject: "Reset", body: "Go to http://x/reset", links: ["http://x/reset"] });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
    expect(row).toMatchObject({ subject: "Reset", body: "Go to http://x/reset", links: ["http://x/reset"] });
    expect(lines.join("\n")).toContain("http://x/reset");
  });
});
