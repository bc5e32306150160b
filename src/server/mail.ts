/**
 * Sends mail through SMTP when SMTP_URL is set; otherwise keeps it in the outbox table and prints
 * its links, so the embedded default needs no mail server (and tests read the outbox).
 */
import { createTransport } from "nodemailer";
import type { Database } from "./db/client";
import { mailOutbox } from "./db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** The links in the body, listed so the outbox page can make them clickable. */
  links: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  db: Database;
  smtpUrl?: string;
  from: string;
  log?: (line: string) => void;
}

export function createMailer({ db, smtpUrl, from, log = console.log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = createTransport(smtpUrl);
    return {
      async send({ to, subject, body }) {
        await transport.sendMail({ from, to, subject, text: body });
      },
    };
  }
  return {
    async send(message) {
      await db.insert(mailOutbox).values({
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        links: message.links,
      });
      log(`Mail to ${message.to}: ${message.subject}${message.links.map((link) => `\n  ${link}`).join("")}`);
    },
  };
}
