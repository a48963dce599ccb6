import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { z } from "zod/v4";
import { readAnswer, readFully } from "~/api/read.server";
import { digitalAnswers } from "~/api/digital.server";
import { trayAnswers } from "~/api/procedures.server";
import { chatAnswers } from "~/api/chat.server";
import { recordsAnswers } from "~/api/records.server";
import { securityAnswers } from "~/api/security.server";
import { threadAnswers } from "~/api/thread.server";
import { at, describeMutation, mutate, mutationsOf, type Path } from "../spec-backend/mutations";

/**
 * Readers fail small (issue 36), property-based: for each call of spec section 7 the portal reads, a
 * generator of valid answers in several honest shapes (ids as text or numbers, flags as booleans or
 * 0/1, dates with a zone, an offset or as epoch milliseconds, bare or wrapped), and every single change
 * of one node the way another reading of the spec could answer (tests/spec-backend/mutations.ts): the
 * reader never throws, reads the answer whenever its envelope is still there, and keeps every item of
 * the citizen's list but the one changed; and its shortcuts (issue 39) read each answer as the full
 * readers do. Fixed seed; the cases run per reader are printed at the end.
 */
const SEED = 36;
const RUNS = 100;

const id = fc.oneof(
  fc.integer({ min: 1, max: 999_999 }),
  fc.integer({ min: 1, max: 999_999 }).map((n) => `A-${n}`),
);
const uniqueIds = (min: number, max: number) =>
  fc.uniqueArray(fc.integer({ min: 1, max: 999_999 }), { minLength: min, maxLength: max }).chain((ns) =>
    fc.constantFrom(
      ns,
      ns.map((n) => `A-${n}`),
    ),
  );
const flag = fc.oneof(fc.boolean(), fc.constantFrom(0, 1));
const words = fc.constantFrom("Rentas", "Licencia de conducir", "Aviso de deuda", "Ñandú 2026", "Beca <b>provincial</b>", "Salud");
const instant = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true });
const date = instant.chain((d) => fc.constantFrom<unknown>(d.toISOString(), d.toISOString().replace(/\.\d{3}Z$/, "-03:00"), d.getTime()));
const day = instant.map((d) => d.toISOString().slice(0, 10));
const color = fc.constantFrom("#0b5394", "#1e6b34", null);
const state = fc.oneof(fc.record({ text: words, color }), words);
/** A body bare or in one of the wrappers a backend may use: the answer and where its core is. */
const envelope = (key: string | null) => (body: unknown) =>
  fc.constantFrom<[unknown, Path]>([body, []], ...(key ? [[{ [key]: body }, [key]] as [unknown, Path]] : []), [{ data: body }, ["data"]]);

const communication = (code: unknown) =>
  fc.record({
    code: fc.constant(code),
    subject: words,
    client: fc.oneof(words, fc.record({ id, name: words })),
    type: fc.oneof(words, fc.record({ id, text: words })),
    created_at: date,
    seen_date: fc.option(date),
    date_notified: fc.option(date, { nil: undefined }),
    notified: fc.option(flag, { nil: undefined }),
    message: words,
    archived: flag,
    files: uniqueIds(0, 3).chain((ids) =>
      fc.tuple(...ids.map((fileId) => fc.record({ id: fc.constant(fileId), file_name: words.map((w) => `${w}.pdf`), downloaded: flag }))),
    ),
    sequence: fc.option(fc.integer({ min: 1, max: 9999 })),
    year: fc.option(fc.constantFrom(2025, 2026)),
  });
const listOf = <T>(ids: (string | number)[], item: (id: string | number) => fc.Arbitrary<T>) => fc.tuple(...ids.map(item));

const instance = (instanceId: unknown) =>
  fc.record({
    id: fc.constant(instanceId),
    title: words,
    description: fc.oneof(fc.array(words, { maxLength: 3 }), words),
    payloadDescriptions: fc.array(fc.record({ code: words, label: words, value: fc.oneof(words, fc.integer()) }), { maxLength: 2 }),
    createdAt: date,
    arrivedOn: fc.option(date),
    type: fc.constantFrom("interactive", "FORM", "form"),
    currentState: fc.option(state),
    buttons: fc.subarray(["edit", "history", "attachments", "goToRecord", "preview", "discard"]).chain((b) =>
      fc.constantFrom<unknown[]>(
        b,
        b.map((code) => ({ code })),
        b.map((value) => ({ value, label: value })),
      ),
    ),
    hasAlert: flag,
  });
const recordInstance = (recordId: unknown) =>
  fc.record({
    id: fc.constant(recordId),
    code: words,
    title: words,
    description: fc.array(words, { maxLength: 2 }),
    payloadDescriptions: fc.array(fc.record({ label: words, value: words }), { maxLength: 2 }),
    createdAt: date,
    currentState: fc.option(state),
    association_type: fc.option(fc.constantFrom("acumulado", "vinculado")),
  });
const detail = fc.oneof(fc.array(fc.record({ label: words, value: words }), { maxLength: 2 }), fc.dictionary(words, words, { maxKeys: 2 }));
const chatDocument = fc.record({
  spec: fc.record({
    id,
    code: words,
    description: words,
    validExtensions: fc.oneof(fc.constant([".pdf", ".jpg"]), fc.constant(".pdf,.png")),
  }),
  isRequired: flag,
  file: fc.option(fc.record({ id, name: words })),
});
const chatEvent = fc.record({
  type: fc.constantFrom("text", "start", "requestedDocuments", "dateSeparator", "receivedDocuments"),
  author: fc.constantFrom("user", "operator"),
  message: fc.option(words),
  createdAt: date,
  commiter: fc.option(fc.record({ cn: words })),
  documents: fc.array(chatDocument, { maxLength: 2 }),
});

type Case = {
  schema: z.ZodTypeAny;
  /** a valid answer and the path of its core: what may fail when changed is that path or above it */
  answer: fc.Arbitrary<[unknown, Path]>;
  /** the citizen's list below the core, and the ids the reader keeps of it */
  items?: { at: Path; idOf: (item: unknown) => string; kept: (read: never) => string[] };
};
const codeOf = (key: string) => (item: unknown) => String((item as Record<string, unknown>)[key]);

const CASES: Record<string, Case> = {
  "GET /api/dd/v1/communications/inbox/{cuil}": {
    schema: digitalAnswers.inbox,
    answer: uniqueIds(0, 4)
      .chain((codes) =>
        fc.record({
          communications: listOf(codes, communication),
          total: fc.constantFrom(codes.length, String(codes.length)),
          unseen: fc.nat(4),
          last_page: fc.integer({ min: 1, max: 3 }),
        }),
      )
      .chain(envelope(null)),
    items: {
      at: ["communications"],
      idOf: codeOf("code"),
      kept: (r: { communications: { code: string }[] }) => r.communications.map((c) => c.code),
    },
  },
  "GET /api/dd/v1/communications/get_one/{code}": {
    schema: digitalAnswers.communication,
    answer: id.chain(communication).chain(envelope("communication")),
    items: { at: ["files"], idOf: codeOf("id"), kept: (r: { files: { id: string }[] }) => r.files.map((f) => f.id) },
  },
  "GET /api/dd/v1/communications/get_history/{code}": {
    schema: digitalAnswers.history,
    answer: fc.array(fc.record({ description: words, date, user: words }), { maxLength: 3 }).chain(envelope("history")),
  },
  "GET /api/dd/v1/communications/types/all": {
    schema: digitalAnswers.types,
    answer: uniqueIds(0, 4)
      .chain((ids) => fc.tuple(...ids.map((typeId) => fc.record({ id: fc.constant(typeId), text: words }))))
      .chain(envelope("types")),
    items: { at: [], idOf: codeOf("id"), kept: (r: { id: string }[]) => r.map((t) => t.id) },
  },
  "GET /api/dd/v1/users/get_contact_info/{cuil}": {
    schema: digitalAnswers.contactInfo,
    answer: fc
      .record({
        user_id: fc.constant("20123456789"),
        first_name: words,
        last_name: words,
        emails: fc.oneof(fc.constant(["ana@example.org"]), fc.constant([{ email: "ana@example.org" }]), fc.constant("ana@example.org")),
        phones: fc.oneof(fc.constant([{ code: "11", number: "55551234" }]), fc.constant("+54 9 11 5555 1234"), fc.constant([])),
      })
      .chain(envelope(null)),
  },
  "GET /api/dd/v1/users/get-user-self-da/{cuil}": {
    schema: digitalAnswers.selfDa,
    answer: fc
      .record({
        cuil: fc.constant("20123456789"),
        email: fc.constant("ana@example.org"),
        phone: fc.oneof(fc.constant({ code: "11", number: "55551234" }), fc.constant("+54 9 11 5555 1234"), fc.constant(null)),
      })
      .chain(envelope(null)),
  },
  "GET /api/v4/instances/count/{tab}": {
    schema: trayAnswers.count,
    answer: fc.nat(50).chain((n) => fc.constantFrom<[unknown, Path]>([n, []], [{ count: n }, ["count"]], [String(n), []])),
  },
  "GET /api/v4/instances/counts": {
    schema: trayAnswers.counts,
    answer: fc
      .dictionary(fc.constantFrom("pending", "in_progress", "finished", "cancelled"), fc.oneof(fc.nat(50), fc.nat(50).map(String)), {
        maxKeys: 4,
      })
      .chain(envelope("counts")),
  },
  "GET /api/v4/instances/{tab}?module=procedures": {
    schema: trayAnswers.instances,
    answer: uniqueIds(0, 4)
      .chain((ids) => fc.record({ instances: listOf(ids, instance), last_page: fc.constantFrom(1, "2") }))
      .chain(envelope("result")),
    items: { at: ["instances"], idOf: codeOf("id"), kept: (r: { instances: { id: string }[] }) => r.instances.map((i) => i.id) },
  },
  "GET /api/v4/instances/history/{id}": {
    schema: trayAnswers.history,
    answer: fc
      .array(
        fc.record({
          cn: words,
          excutedOn: date,
          action: words,
          comment: fc.option(words),
          files: fc.array(fc.record({ fileId: id, name: words }), { maxLength: 2 }),
        }),
        {
          maxLength: 3,
        },
      )
      .chain(envelope("result")),
  },
  "GET /api/v4/instances/{id}/received_docs": {
    schema: trayAnswers.receivedDocs,
    answer: uniqueIds(0, 4)
      .chain((ids) =>
        fc.tuple(
          ...ids.map((fileId) =>
            fc.record({ fileId: fc.constant(fileId), fileName: words, createdAt: date, status: fc.constantFrom("received", "APPROVED") }),
          ),
        ),
      )
      .chain(envelope("result")),
    items: { at: [], idOf: codeOf("fileId"), kept: (r: { fileId: string }[]) => r.map((d) => d.fileId) },
  },
  "GET /api/v4/instances/{id}/interactive/citizen": {
    schema: chatAnswers.chat,
    answer: fc
      .record({
        procedureId: id,
        procedureDescription: words,
        first: flag,
        draft: flag,
        instanceId: fc.option(id),
        events: fc.array(chatEvent, { maxLength: 4 }),
        current: fc.oneof(
          fc.constant(undefined),
          words,
          fc.record({ state: fc.constantFrom("in_progress", "EN_CURSO") }),
          fc.record({ text: words, color }),
          fc.record({ open: flag, documents: fc.array(chatDocument, { maxLength: 2 }), state: fc.option(state) }),
        ),
      })
      .chain(envelope("result")),
  },
  "GET /api/v4/instances/{tab}?module=records": {
    schema: recordsAnswers.records,
    answer: uniqueIds(0, 4)
      .chain((ids) => fc.record({ instances: listOf(ids, recordInstance), last_page: fc.constantFrom(1, "1") }))
      .chain(envelope("result")),
    items: { at: ["instances"], idOf: codeOf("id"), kept: (r: { instances: { id: string }[] }) => r.instances.map((i) => i.id) },
  },
  "GET /api/v4/filemanager/{id}": {
    schema: recordsAnswers.header,
    answer: fc
      .record({
        code: words,
        status: fc.oneof(fc.record({ code: words, description: words, color }), words),
        read_only: flag,
        header: fc.array(fc.record({ code: words, key: words, value: fc.oneof(words, fc.integer()) }), { maxLength: 3 }),
        association: fc.option(
          fc.record({
            type: fc.constantFrom("acumulado", "VINCULADO"),
            associated_instance: fc.oneof(
              fc.array(fc.record({ id, code: words, type: fc.option(words) }), { maxLength: 2 }),
              fc.array(words, { maxLength: 2 }),
            ),
          }),
        ),
      })
      .chain(envelope("result")),
  },
  "GET /api/v4/filemanager/{id}/incorporated": {
    schema: recordsAnswers.incorporated,
    answer: uniqueIds(0, 4)
      .chain((ids) =>
        fc.tuple(
          ...ids.map((fileId) =>
            fc.record({
              file: fc.record({ name: words, signedFileId: fc.constant(fileId), mime: fc.constant("application/pdf") }),
              spec: fc.record({ description: words, date, user: words }),
              nroFolio: fc.option(fc.integer({ min: 1, max: 99 })),
              details: detail,
            }),
          ),
        ),
      )
      .chain(envelope("documents")),
    items: {
      at: [],
      idOf: (d) => codeOf("signedFileId")((d as { file: unknown }).file),
      kept: (r: { file: { signedFileId: string } }[]) => r.map((d) => d.file.signedFileId),
    },
  },
  "GET /api/v4/filemanager/{id}/sent": {
    schema: recordsAnswers.sent,
    answer: fc
      .array(
        fc.record({
          file: fc.oneof(fc.record({ id, name: words }), words),
          updated_at: date,
          spec: fc.record({ reference: words }),
          status: fc.oneof(fc.record({ code: words, description: words, color }), words),
          details: detail,
        }),
        { maxLength: 3 },
      )
      .chain(envelope("documents")),
  },
  "GET /api/v4/filemanager/{id}/pending": {
    schema: recordsAnswers.pending,
    answer: uniqueIds(0, 4)
      .chain((ids) =>
        fc.tuple(
          ...ids.map((specId) =>
            fc.record({ file: fc.record({ id, name: words }), spec: fc.record({ id: fc.constant(specId), reference: words }) }),
          ),
        ),
      )
      .chain(envelope("documents")),
    items: {
      at: [],
      idOf: (d) => codeOf("id")((d as { spec: unknown }).spec),
      kept: (r: { spec: { id: string } }[]) => r.map((d) => d.spec.id),
    },
  },
  "GET /api/security/user/get_roles": {
    schema: securityAnswers.roles,
    answer: fc
      .record({
        cn: words,
        cuil: fc.constantFrom("20123456789", 20123456789),
        email: fc.option(fc.constant("ana@example.org")),
        uid: fc.option(words),
      })
      .chain((user) =>
        fc.constantFrom<[unknown, Path]>([{ data: { data: user } }, ["data", "data"]], [{ data: user }, ["data"]], [user, []]),
      ),
  },
  "GET /api/v4/instances/config": {
    schema: securityAnswers.config,
    answer: fc
      .record({
        logout_url: fc.option(fc.constant("https://salir.provincia.example/fin")),
        tenant: fc.option(fc.constant("provincia")),
        modules: fc.tuple(
          ...(["procedures", "records", "digital"] as const).map((moduleId) =>
            fc.record({
              id: fc.constantFrom(moduleId, moduleId.toUpperCase()),
              enabled: flag,
              pageSize: fc.constantFrom(10, "20"),
              newButton: flag,
              tabs: fc.array(fc.record({ code: words, description: words, count: fc.oneof(flag, fc.nat(9)), color }), { maxLength: 2 }),
            }),
          ),
        ),
      })
      .chain(envelope(null)),
    items: {
      at: ["modules"],
      idOf: (m) => codeOf("id")(m).toLowerCase(),
      kept: (r: { modules: { id: string }[] }) => r.modules.map((m) => m.id),
    },
  },
  "GET /api/dd/v1/communications/linked/{cuil}": {
    schema: threadAnswers.linked,
    answer: uniqueIds(0, 3)
      .chain((codes) =>
        fc.tuple(
          ...codes.map((code) =>
            fc.record({ code: fc.constant(code), subject: words, client: words, created_at: date, due_date: fc.option(day) }),
          ),
        ),
      )
      .chain(envelope("communications")),
    items: { at: [], idOf: codeOf("code"), kept: (r: { code: string }[]) => r.map((c) => c.code) },
  },
};

const startsWith = (path: Path, prefix: Path) => prefix.every((key, i) => path[i] === key);

/** The reader's outcome, which its shortcuts must leave as the full readers make it (issue 39). */
function readBothWays(schema: z.ZodType, body: unknown) {
  const outcome = readAnswer(schema, body);
  const full = readFully(() => readAnswer(schema, body));
  const seen = (o: typeof outcome) => ({
    data: o.read.success ? o.read.data : undefined,
    issues: o.read.success ? [] : o.read.error.issues.map((i) => ({ code: i.code, path: i.path, message: i.message })),
    degraded: o.degraded,
  });
  expect(seen(outcome)).toEqual(seen(full));
  return outcome;
}
const casesRun: Record<string, number> = {};

describe("readers fail small under one change of one node (issue 36)", () => {
  for (const [call, { schema, answer, items }] of Object.entries(CASES)) {
    it(
      call,
      () => {
        // Each valid answer reads, with every item kept.
        fc.assert(
          fc.property(answer, ([body]) => {
            expect(readBothWays(schema, body).read.success).toBe(true);
          }),
          { seed: SEED, numRuns: 50 },
        );
        let runs = 0;
        fc.assert(
          fc.property(answer, fc.nat(), ([body, core], pick) => {
            const mutations = mutationsOf(body);
            fc.pre(mutations.length > 0);
            const mutation = mutations[pick % mutations.length]!;
            runs++;
            const changed = mutate(body, mutation);
            let outcome: ReturnType<typeof readAnswer>;
            try {
              outcome = readBothWays(schema, changed);
            } catch (error) {
              throw new Error(`${describeMutation(mutation)} threw: ${String(error)}`);
            }
            // The core (the envelope down to the citizen's list) is the one thing whose change may fail the read.
            const list = [...core, ...(items?.at ?? [])];
            if (startsWith(list, mutation.path)) return;
            expect(outcome.read.success, `${describeMutation(mutation)}: ${JSON.stringify(outcome.read.error?.issues)}`).toBe(true);
            if (!items || !outcome.read.success) return;
            const original = at(body, list) as unknown[];
            const lost = startsWith(mutation.path, list) ? mutation.path[list.length] : undefined;
            const wanted = original.filter((_, i) => i !== lost).map(items.idOf);
            const kept = items.kept(outcome.read.data as never);
            expect(kept, describeMutation(mutation)).toEqual(expect.arrayContaining(wanted));
          }),
          { seed: SEED, numRuns: RUNS },
        );
        casesRun[call] = runs;
      },
      120_000,
    );
  }
});

afterAll(() => {
  const total = Object.values(casesRun).reduce((a, b) => a + b, 0);
  console.log(
    `readers' property tests (seed ${SEED}): ${total} changed answers over ${Object.keys(casesRun).length} readers\n` +
      Object.entries(casesRun)
        .map(([call, n]) => `  ${n}\t${call}`)
        .join("\n"),
  );
});
