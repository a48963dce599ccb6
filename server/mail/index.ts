/**
 * Outgoing mail for every module. A real transport (nodemailer):
 * - `SMTP_URL` set (smtp:// or smtps://): messages go to that SMTP server;
 * - otherwise each message is rendered to RFC 5322 and written as an `.eml` file under
 *   `DATA_DIR/outbox` (atomic: written to a temporary name, then renamed), for demos and tests.
 */
import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type SentMail = { messageId: string; file?: string };

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}

export type MailerOptions = { smtpUrl?: string; outboxDir: string; from?: string };

export const DEFAULT_FROM = "Atención Virtual <no-responder@atencionvirtual.gob.ar>";

export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? process.env.MAIL_FROM ?? DEFAULT_FROM;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fsp.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`;
      const file = path.join(options.outboxDir, name);
      const tmp = path.join(options.outboxDir, `.${name}.tmp`);
      await fsp.writeFile(tmp, info.message as Buffer, { flag: "wx" });
      await fsp.rename(tmp, file);
      return { messageId: info.messageId, file };
    },
  };
}

/** The mailer of a process: SMTP_URL from the environment, else the outbox under `dataDir`. */
export function mailerFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): Mailer {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  return createMailer({ smtpUrl, outboxDir: path.join(dataDir, "outbox") });
}
