/**
 * Stand-ins for a trial of deploy/compose.yaml, run by the image's `trial` target (deploy/Containerfile)
 * with tsx from the build stage's development packages: never for production, where the S3 store is
 * MinIO, Ceph RGW or a cloud's, and the relay the province's.
 *
 *   tsx deploy/image/trial-peers.ts s3     the tests' S3-protocol peer (scripts/s3-peer.ts, s3rver from npm)
 *                                          on :9000, credentials S3RVER / S3RVER, bucket S3_BUCKET, files
 *                                          under /data/s3
 *   tsx deploy/image/trial-peers.ts smtp   an SMTP sink (smtp-server from npm) on :2525 that accepts every
 *                                          message and keeps it as an .eml file under /data/mail
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { startS3Peer } from "../../scripts/s3-peer.js";

const dataDir = process.env.DATA_DIR ?? "/data";
const log = (fields: Record<string, unknown>) => console.log(JSON.stringify({ time: new Date().toISOString(), ...fields }));

async function s3() {
  const directory = path.join(dataDir, "s3");
  fs.mkdirSync(directory, { recursive: true });
  // The peer listens on loopback only; other containers reach it through this forwarder.
  const peer = await startS3Peer({ bucket: process.env.S3_BUCKET ?? "atencion-virtual", directory });
  const target = new URL(peer.endpoint);
  const port = Number(process.env.S3_PEER_PORT ?? 9000);
  net
    .createServer((socket) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on("error", () => upstream.destroy());
      upstream.on("error", () => socket.destroy());
    })
    .listen(port, "0.0.0.0");
  log({ service: "s3-peer", msg: "listening", port, bucket: peer.bucket, directory });
}

async function smtp() {
  const directory = path.join(dataDir, "mail");
  fs.mkdirSync(directory, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const file = path.join(directory, `${Date.now()}-${++count}.eml`);
      stream.pipe(fs.createWriteStream(file)).on("finish", () => {
        log({ service: "smtp-sink", msg: "message kept", file, recipients: session.envelope.rcptTo.length });
        callback();
      });
    },
  });
  const port = Number(process.env.SMTP_SINK_PORT ?? 2525);
  server.listen(port, "0.0.0.0", () => log({ service: "smtp-sink", msg: "listening", port, directory }));
}

const role = process.argv[2];
if (role === "s3") await s3();
else if (role === "smtp") await smtp();
else {
  console.error("uso: trial-peers.ts s3|smtp");
  process.exit(64);
}
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => process.exit(0));
