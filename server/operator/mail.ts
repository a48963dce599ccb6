/**
 * Operator side of the mail outbox (decision 028):
 * - `GET /mail/outbox` — rows by status and the parked ones (id, kind, address, subject, tries,
 *   last error) — CLI `mail:parked [--motivo TEXTO]`. A parked mail's address is a citizen's
 *   contact data (decision 071): without `X-Motivo` it is masked (`m•••@example.com`, in the last
 *   error too, where SMTP servers repeat it); with one (validated as on every route: decoded,
 *   control and bidirectional characters refused) the addresses are shown and each citizen whose
 *   address is shown gets one entry in the access log, committed before the answer leaves;
 * - `POST /mail/requeue` `{ ids: [...] }` or `{ all: true }` — parked rows back in the queue with
 *   their tries reset — CLI `mail:requeue --id ID … | --all`.
 *
 * Whose address it is: the CUIL `enqueueMail` writes on the row (migration 0023), not a lookup by
 * address, because an address is not a person — two citizens may share one, and a citizen who
 * changed hers since the mail was queued no longer holds the old one. Only rows written before
 * 0023 are matched by address (`mailRecipients`); one that no citizen holds stays masked.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { inTransaction } from "../db/index.js";
import { mailRecipients, recordAccess, type AccessActor } from "../domain/accesses/service.js";
import { ApiError } from "../errors.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import { listParkedMail, outboxDepth, requeueParkedMail, type ParkedMail } from "../mail/outbox.js";
import { PURPOSE_HEADER, requirePurpose } from "./access.js";
import type { OperatorCommand } from "./command-types.js";

/** `maria@example.com` → `m•••@example.com`: enough to tell a typo'd domain, not whose it is. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${address[0]}•••${address.slice(at)}`;
}

/** Anything that looks like an e-mail address in a text (an SMTP reply), masked. */
const ADDRESS_IN_TEXT = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+/g;
export const maskAddressesIn = (text: string) => text.replace(ADDRESS_IN_TEXT, maskAddress);

/**
 * One parked row as the operator sees it: the address (and the last error) in full only when it
 * was shown with a purpose and logged. The subject is one of the portal's fixed texts; the body
 * and the CUIL are never answered.
 */
function parkedView(row: ParkedMail, shown: boolean) {
  return {
    id: row.id,
    kind: row.kind,
    to_address: shown ? row.to_address : maskAddress(row.to_address),
    address_shown: shown,
    subject: row.subject,
    attempts: row.attempts,
    created_at: row.created_at,
    last_error: row.last_error === null || shown ? row.last_error : maskAddressesIn(row.last_error),
  };
}

const MASKED_NOTE =
  "Direcciones ocultas. Para verlas, indique el motivo (--motivo, encabezado X-Motivo): el acceso queda en el registro de accesos de cada ciudadano.";
const UNHELD_NOTE = "Las direcciones que siguen ocultas no son hoy de ningún ciudadano: mostrarlas no quedaría en ningún registro.";

const RequeueBody = z
  .object({ ids: z.array(z.string().uuid()).min(1).max(1000).optional(), all: z.literal(true).optional() })
  .strict()
  .refine((b) => Boolean(b.ids) !== Boolean(b.all), "ids o all, uno de los dos");

export const mailOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  // Not a citizen-data route for the fail-closed hook (counts need no purpose); the purpose is
  // optional here and, when given, the entries are written below.
  app.get("/mail/outbox", { config: { citizenData: false } }, async (request) => {
    const depth = await outboxDepth(db);
    if (request.headers[PURPOSE_HEADER] === undefined) {
      const parked = (await listParkedMail(db)).map((row) => parkedView(row, false));
      return { depth, parked, note: parked.length > 0 ? MASKED_NOTE : undefined };
    }
    const actor: AccessActor = {
      operator: request.operator,
      purpose: requirePurpose(request, "para ver las direcciones de los correos detenidos"),
      recorded: 0,
    };
    return inTransaction(db, async (trx) => {
      const rows = await listParkedMail(trx);
      const recipients = await mailRecipients(trx, rows);
      for (const cuil of new Set([...recipients.values()].flat()))
        await recordAccess(trx, actor, "mail.parked", { cuil, ref: null, label: null });
      const parked = rows.map((row) => parkedView(row, (recipients.get(row.id) ?? []).length > 0));
      return { depth, parked, note: parked.some((p) => !p.address_shown) ? UNHELD_NOTE : undefined };
    });
  });

  app.post("/mail/requeue", { config: { citizenData: false } }, async (request) => {
    const body = parse(RequeueBody, request.body ?? {});
    const requeued = await requeueParkedMail(db, body.all ? "all" : body.ids!);
    if (body.ids && requeued === 0) throw ApiError.notFound("Ninguno de esos correos está detenido.");
    return { requeued };
  });
};

export const mailCommands: Record<string, OperatorCommand> = {
  "mail:parked": {
    usage: "mail:parked [--motivo TEXTO]",
    description:
      "Muestra la cola de correo (pendientes, enviándose, detenidos) y los correos detenidos tras su último intento, con las direcciones ocultas; con --motivo (u OPERATOR_MOTIVO) las muestra y el acceso queda en el registro de accesos de cada ciudadano.",
    options: {},
    run: (_values, call) => call("GET", "/mail/outbox"),
  },
  "mail:requeue": {
    usage: "mail:requeue --id ID [--id ID …] | --all",
    description: "Vuelve a poner en la cola correos detenidos (con sus intentos en cero).",
    options: { id: { type: "string", multiple: true }, all: { type: "boolean" } },
    run: (values, call) => {
      const ids = (Array.isArray(values.id) ? values.id : values.id ? [values.id] : []).map(String);
      return call("POST", "/mail/requeue", values.all === true ? { all: true } : { ids });
    },
  },
};
