/**
 * After `npm run bench:load`: every write the portal acknowledged must be in the database
 * exactly once (chat messages and uploads found by the unique marker they carry, sent
 * documents by id), and each communication must end as its last acknowledged archive /
 * recover left it. Writes that were not acknowledged may or may not be there, but never twice.
 */
import type { Db } from "../../server/db/index.js";

export type Ledger = {
  messages: { marker: string; instanceId: string; acked: boolean }[];
  uploads: { marker: string; name: string; recordId: string; acked: boolean; limited: boolean }[];
  sends: { documentIds: string[]; recordId: string; acked: boolean }[];
  /** per communication code: the state the last acknowledged action left (null: none), and whether a later attempt failed without an answer */
  archive: Map<string, { archived: boolean | null; uncertain: boolean; acknowledged: number }>;
};

type KindResult = { acknowledged: number; verified: number; missing: number; duplicated: number };

const MARKER = /\[([0-9a-f-]{36})\]/;
const NAME_MARKER = /^Carga ([0-9a-f-]{36})$/;

function chunks<T>(xs: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

/** What the database holds for the writes of the run. */
export type Stored = {
  /** the citizen's chat messages of the instances used */
  messages: { message: string | null }[];
  /** every document of the records used */
  documents: { id: string; name: string; stage: string }[];
  /** the communications acted on */
  communications: { code: string; archived: number | boolean }[];
};

export async function readStored(db: Db, ledger: Ledger): Promise<Stored> {
  const stored: Stored = { messages: [], documents: [], communications: [] };
  const instances = [...new Set(ledger.messages.map((m) => m.instanceId))];
  for (const part of chunks(instances)) {
    stored.messages.push(
      ...(await db.selectFrom("chat_events").select(["message"]).where("instance_id", "in", part).where("author", "=", "user").execute()),
    );
  }
  const records = [...new Set([...ledger.uploads.map((u) => u.recordId), ...ledger.sends.map((s) => s.recordId)])];
  for (const part of chunks(records)) {
    stored.documents.push(
      ...(await db.selectFrom("record_documents").select(["id", "name", "stage"]).where("record_id", "in", part).execute()),
    );
  }
  for (const part of chunks([...ledger.archive.keys()])) {
    stored.communications.push(
      ...(await db.selectFrom("dd_communications").select(["code", "archived"]).where("code", "in", part).execute()),
    );
  }
  return stored;
}

export async function verify(db: Db, ledger: Ledger) {
  return judge(ledger, await readStored(db, ledger));
}

/** The comparison itself, apart from the database so that it can be tested on its own. */
export function judge(ledger: Ledger, stored: Stored) {
  const problems: string[] = [];
  const kind = (): KindResult => ({ acknowledged: 0, verified: 0, missing: 0, duplicated: 0 });
  const byKind = { messages: kind(), uploads: kind(), sends: kind(), archive: kind() };
  let unacknowledged = 0;
  let unacknowledgedPresent = 0;

  // Chat messages, counted by the marker in their text.
  const messageCounts = new Map<string, number>();
  for (const row of stored.messages) {
    const marker = row.message ? MARKER.exec(row.message)?.[1] : undefined;
    if (marker) messageCounts.set(marker, (messageCounts.get(marker) ?? 0) + 1);
  }
  for (const m of ledger.messages) {
    tally(byKind.messages, m.acked, messageCounts.get(m.marker) ?? 0, `message ${m.marker} (instance ${m.instanceId})`);
  }

  // Uploads: the records' documents (pending or sent by now), counted by the name's marker.
  const uploadCounts = new Map<string, number>();
  const stageOf = new Map<string, string>();
  for (const row of stored.documents) {
    stageOf.set(row.id, row.stage);
    const marker = NAME_MARKER.exec(row.name)?.[1];
    if (marker) uploadCounts.set(marker, (uploadCounts.get(marker) ?? 0) + 1);
  }
  let rateLimited = 0;
  for (const u of ledger.uploads) {
    if (u.limited) rateLimited++;
    tally(byKind.uploads, u.acked, uploadCounts.get(u.marker) ?? 0, `upload ${u.name} (record ${u.recordId})`);
  }

  // Sends: each acknowledged document must now be a sent document (a row's id is unique, so
  // "exactly once" is: present and in the sent stage; it cannot be duplicated).
  for (const s of ledger.sends) {
    if (!s.acked) {
      unacknowledged++;
      continue;
    }
    byKind.sends.acknowledged++;
    const wrong = s.documentIds.filter((id) => stageOf.get(id) !== "sent");
    if (wrong.length) {
      byKind.sends.missing++;
      problems.push(
        `send of ${wrong.join(", ")} acknowledged but the documents are not sent (${wrong.map((id) => stageOf.get(id) ?? "absent").join(", ")})`,
      );
    } else byKind.sends.verified++;
  }

  // Archive / recover: end state of each communication against the last acknowledged action.
  let archiveChecked = 0;
  let archiveMismatched = 0;
  const archivedOf = new Map<string, boolean>();
  for (const row of stored.communications) archivedOf.set(row.code, Number(row.archived) === 1);
  for (const [code, entry] of ledger.archive) {
    byKind.archive.acknowledged += entry.acknowledged;
    if (entry.archived === null || entry.uncertain) continue;
    archiveChecked++;
    if (archivedOf.get(code) !== entry.archived) {
      archiveMismatched++;
      problems.push(
        `communication ${code}: last acknowledged ${entry.archived ? "archive" : "recover"}, database says archived=${archivedOf.get(code)}`,
      );
    } else byKind.archive.verified += entry.acknowledged;
  }

  function tally(k: KindResult, acked: boolean, n: number, label: string) {
    if (n > 1) {
      k.duplicated++;
      problems.push(`${label}: ${n} copies${acked ? "" : " (not acknowledged)"}`);
    }
    if (!acked) {
      unacknowledged++;
      if (n > 0) unacknowledgedPresent++;
      return;
    }
    k.acknowledged++;
    if (n === 0) {
      k.missing++;
      problems.push(`${label}: acknowledged but missing`);
    } else if (n === 1) k.verified++;
  }

  const sum = (f: keyof KindResult) => byKind.messages[f] + byKind.uploads[f] + byKind.sends[f] + byKind.archive[f];
  return {
    byKind,
    acknowledged: sum("acknowledged"),
    verified: sum("verified"),
    missing: sum("missing"),
    duplicated: sum("duplicated"),
    archiveChecked,
    archiveMismatched,
    unacknowledged,
    unacknowledgedPresent,
    rateLimited,
    problems,
  };
}
