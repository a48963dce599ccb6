/**
 * A real SMTP server for the tests (nodemailer's `smtp-server`): it keeps every message it
 * accepts, can be stopped and started again on the same port (an outage), and can refuse
 * recipients (a permanent 550).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Received = { messageId: string; to: string[]; raw: string };

export type SmtpPeer = {
  port: number;
  url: string;
  received: Received[];
  /** how many times each Message-ID arrived */
  counts(): Map<string, number>;
  /** refuse recipients matching this (550), or none */
  refuse(match: RegExp | null): void;
  stop(): Promise<void>;
  start(): Promise<void>;
};

/** `delayMs`: the server takes this long to accept each message (a slow relay). */
export async function startSmtpPeer(options: { delayMs?: number } = {}): Promise<SmtpPeer> {
  const received: Received[] = [];
  let refuse: RegExp | null = null;
  let server: SMTPServer | undefined;
  let port = 0;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      // Connections still open at stop() are cut at once (an outage, not a polite goodbye).
      closeTimeout: 100,
      onRcptTo(address, _session, callback) {
        if (refuse?.test(address.address)) {
          const error = new Error("mailbox unavailable") as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? "";
          setTimeout(() => {
            received.push({ messageId, to: session.envelope.rcptTo.map((r) => r.address), raw });
            callback();
          }, options.delayMs ?? 0);
        });
      },
    });

  async function start() {
    server = create();
    await new Promise<void>((resolve, reject) => {
      server!.server.once("error", reject);
      server!.listen(port, "127.0.0.1", () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  }
  await start();

  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    counts() {
      const counts = new Map<string, number>();
      for (const r of received) counts.set(r.messageId, (counts.get(r.messageId) ?? 0) + 1);
      return counts;
    },
    refuse(match) {
      refuse = match;
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start,
  };
}
