/**
 * Outgoing mail for every module. A real transport (nodemailer):
 * - `SMTP_URL` set (smtp:// or smtps://): messages go to that SMTP server;
 * - otherwise each message is rendered to RFC 5322 and written as an `.eml` file under
 *   `DATA_DIR/outbox` (atomic: written to a temporary name, then renamed), for demos and tests.
 * Modules do not call a mailer: they write an outbox row in their transaction (`enqueueMail`,
 * server/mail/outbox.ts) and the outbox worker sends it (decision 028).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

/** `id` (the outbox row's) names the message: its Message-ID and, in the .eml mode, its file. */
export type MailMessage = { to: string; subject: string; text: string; html?: string; id?: string };
export type SentMail = { messageId: string; file?: string };

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}

export type MailerOptions = { smtpUrl?: string; outboxDir: string; from?: string; timeoutMs?: number };

export const DEFAULT_FROM = "Atención Virtual <no-responder@atencionvirtual.gob.ar>";
const MESSAGE_ID_DOMAIN = "atencionvirtual.gob.ar";

/** One id, one Message-ID: a receiver can tell a repeated delivery from a new mail. */
const headersOf = (message: MailMessage) => {
  const { id, ...rest } = message;
  return id ? { ...rest, messageId: `<${id}@${MESSAGE_ID_DOMAIN}>` } : rest;
};

export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  if (options.smtpUrl) {
    // Bounded waits: a send never outlives the outbox worker's lease on its row.
    const timeout = options.timeoutMs ?? 30_000;
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as nodemailer.TransportOptions);
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...headersOf(message) });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      await fsp.mkdir(options.outboxDir, { recursive: true });
      const name = message.id ? `${message.id}.eml` : `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`;
      const file = path.join(options.outboxDir, name);
      // The same outbox row written twice (a lease that ran out) stays one file.
      if (message.id && fs.existsSync(file)) return { messageId: `<${message.id}@${MESSAGE_ID_DOMAIN}>`, file };
      const info = await transport.sendMail({ from, ...headersOf(message) });
      const tmp = path.join(options.outboxDir, `.${name}.${randomUUID()}.tmp`);
      await fsp.writeFile(tmp, info.message as Buffer, { flag: "wx" });
      await fsp.rename(tmp, file);
      return { messageId: info.messageId, file };
    },
  };
}

/** The mailer of a process: SMTP_URL, else .eml files under `DATA_DIR/outbox`. */
export function mailerFromConfig(config: { SMTP_URL?: string; MAIL_FROM?: string; MAIL_SEND_TIMEOUT_MS: number; dataDir: string }): Mailer {
  return createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    timeoutMs: config.MAIL_SEND_TIMEOUT_MS,
    outboxDir: path.join(config.dataDir, "outbox"),
  });
}
