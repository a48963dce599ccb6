/**
 * The communications of the inbox's query benches (scripts/bench-inbox.ts, scripts/query-plans.ts):
 * the i-th row made by the domain's own `communicationRow`, so a column the schema adds or renames
 * is a type error here, not a bench that measures another shape.
 */
import type { InboxFilters } from "../../server/domain/dd/inbox-repository.js";
import { communicationRow } from "../../server/domain/dd/service.js";
import { communicationTypes, demoClients } from "../../server/seed/digital.js";

const WORDS = ["impuesto", "resolución", "citación", "aviso", "deuda", "patente", "turno", "registro", "multa", "inscripción"];

/** The i-th row's subject (two of ten words and its number: searchable, and every row different). */
const benchSubject = (i: number) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} número ${i}`;

/** The i-th communication of a bench: the subject, client and type by `i`, every twentieth archived, no file to download. */
export function benchCommunication(
  i: number,
  row: {
    code: string;
    cuil: string;
    year: number;
    recipient: string;
    message: string;
    createdAt: string;
    notified: boolean;
    seenAt: string | null;
  },
) {
  const { code, year, recipient, ...input } = row;
  return communicationRow(
    {
      ...input,
      subject: benchSubject(i),
      client: demoClients[i % demoClients.length],
      type: communicationTypes[i % communicationTypes.length].id,
      archived: i % 20 === 0,
    },
    { code, sequence: i + 1, year, recipient, filesPending: 0 },
  );
}

/** The inbox's filters as the page opens it (first page, newest first, received, not archived), with `over` changed. */
export const inboxFilters = (over: Partial<InboxFilters>): InboxFilters => ({
  page: 1,
  order: { key: "created_at", desc: true },
  archived: false,
  selected: "received",
  ...over,
});
