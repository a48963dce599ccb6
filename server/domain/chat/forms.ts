/**
 * Forms of the chat (decision 016): JSON definitions checked by common/forms.ts, the citizen's
 * answers saved against a draft or an instance, and the form procedures' instances.
 */
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../../db/index.js";
import { parseJson } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import { TOKEN_ID_PATTERN } from "../../../common/ids.js";
import { definitionProblems, validateForm, type FormDefinition, type FormValue } from "../../../common/forms.js";
import { getOwnedInstance } from "../procedures/service.js";
import {
  findFirstForm,
  findForm,
  findFormData,
  findIdempotent,
  insertForm,
  markFormDocumentsToSend,
  rememberIdempotent,
  upsertFormData,
} from "./repository.js";
import { addEvent, assertOpen, formInvalid, procedureRow, setState, startInstance, STATE_REVIEW, tx, type Citizen } from "./service.js";

export async function getForm(db: DbOrTx, formId: string) {
  if (!TOKEN_ID_PATTERN.test(formId)) throw ApiError.notFound("No se encontró el formulario.");
  const row = await findForm(db, formId);
  if (!row) throw ApiError.notFound("No se encontró el formulario.");
  const def = parseJson<FormDefinition | null>(row.definition, null);
  if (!def) throw ApiError.internal();
  return { row, def };
}

export async function createForm(db: DbOrTx, input: { id?: string; procedureId?: number | null; definition: unknown }) {
  const problems = definitionProblems(input.definition);
  if (problems.length) throw ApiError.badRequest(`Datos inválidos en: ${problems.join(", ")}.`);
  if (input.procedureId) await procedureRow(db, input.procedureId);
  const id = input.id ?? `form-${randomUUID().slice(0, 8)}`;
  await insertForm(db, { id, procedureId: input.procedureId ?? null, definition: input.definition });
  return { id };
}

function specOf(def: FormDefinition) {
  return { description: def.description ?? null, header: { name: def.header.name }, fields: def.fields };
}

/** `GET /instances/:procedureId/:instanceId/forms/:formId/formData` (`DRAFT` as instance before there is one). */
export async function getFormData(db: DbOrTx, cuil: string, procedureId: number, instanceKey: string, formId: string) {
  await procedureRow(db, procedureId);
  if (instanceKey !== "DRAFT") {
    const instance = await getOwnedInstance(db, cuil, instanceKey);
    if (instance.procedure_id !== procedureId) throw ApiError.notFound();
  }
  const { def } = await getForm(db, formId);
  const row = await findFormData(db, { cuil, procedureId, instanceKey, formId });
  return {
    data: parseJson<Record<string, FormValue>>(row?.data, {}),
    spec: specOf(def),
    globals: { procedureId, instanceId: instanceKey === "DRAFT" ? null : instanceKey, formId },
  };
}

function checkValues(def: FormDefinition, formData: Record<string, FormValue | undefined>) {
  const result = validateForm(def, formData ?? {});
  if (!result.valid) throw formInvalid(result.errors);
  return result.values;
}

/** `PUT /instances/:instanceId/forms/:formId` (submitType FINAL): saved against the instance; a document asking for this form becomes ready to send. */
export async function saveInstanceForm(
  db: DbOrTx,
  citizen: Citizen,
  instanceId: string,
  formId: string,
  formData: Record<string, FormValue | undefined>,
) {
  return tx(db, async (trx) => {
    const instance = await getOwnedInstance(trx, citizen.cuil, instanceId);
    assertOpen(instance);
    const { def } = await getForm(trx, formId);
    const values = checkValues(def, formData);
    await upsertFormData(trx, { cuil: citizen.cuil, procedureId: instance.procedure_id, instanceKey: instance.id, formId }, values);
    await markFormDocumentsToSend(trx, instance.id, formId, def.header.name.slice(0, 255));
    return { instanceId: instance.id };
  });
}

/** `PUT /instances/DRAFT/forms/:formId?procedureId=` (submitType FINAL): the form creates an interactive instance (once per key). */
export async function saveDraftForm(
  db: DbOrTx,
  citizen: Citizen,
  input: {
    procedureId: number;
    formId: string;
    formData: Record<string, FormValue | undefined>;
    acceptedTerms: boolean;
    idempotencyKey?: string;
  },
) {
  const { def } = await getForm(db, input.formId);
  const values = checkValues(def, input.formData);
  return tx(db, async (trx) => {
    const existing = await findIdempotent(trx, citizen.cuil, input.idempotencyKey);
    if (existing) return { instanceId: existing };
    const at = new Date().toISOString();
    const { instance } = await startInstance(trx, citizen, input.procedureId, { acceptedTerms: input.acceptedTerms, at });
    await upsertFormData(
      trx,
      { cuil: citizen.cuil, procedureId: input.procedureId, instanceKey: instance.id, formId: input.formId },
      values,
    );
    await addEvent(trx, {
      instanceId: instance.id,
      type: "text",
      author: "user",
      cn: citizen.cn,
      message: `Formulario completado: ${def.header.name}`,
      at,
    });
    await rememberIdempotent(trx, citizen.cuil, input.idempotencyKey, instance.id);
    return { instanceId: instance.id };
  });
}

/** `POST /instances/?module=av` with formData and procedureId: a form procedure's instance. */
export async function createFormInstance(
  db: DbOrTx,
  citizen: Citizen,
  input: {
    procedureId: number;
    formData: Record<string, FormValue | undefined>;
    acceptedTerms: boolean;
    idempotencyKey?: string;
    formId?: string;
  },
) {
  const form = input.formId ? (await getForm(db, input.formId)).row : await findFirstForm(db, input.procedureId);
  if (!form) throw ApiError.notFound("No se encontró el formulario.");
  const def = parseJson<FormDefinition | null>(form.definition, null);
  if (!def) throw ApiError.internal();
  const values = checkValues(def, input.formData);
  return tx(db, async (trx) => {
    const existing = await findIdempotent(trx, citizen.cuil, input.idempotencyKey);
    if (existing) return { instanceId: existing };
    const at = new Date().toISOString();
    const { instance } = await startInstance(trx, citizen, input.procedureId, { acceptedTerms: input.acceptedTerms, at, type: "FORM" });
    await setState(trx, instance.id, "in_progress", STATE_REVIEW);
    await upsertFormData(trx, { cuil: citizen.cuil, procedureId: input.procedureId, instanceKey: instance.id, formId: form.id }, values);
    await rememberIdempotent(trx, citizen.cuil, input.idempotencyKey, instance.id);
    return { instanceId: instance.id };
  });
}
