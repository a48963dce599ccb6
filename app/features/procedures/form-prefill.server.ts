/**
 * Nothing asked twice (WCAG 2.2, 3.3.7): a form's empty fields that plainly ask for what the portal
 * already holds about the citizen (name, CUIL or DNI, e-mail, phone) start filled with it, editable.
 * "Plainly" is strict: the field's label, or failing that its name, must be one of the usual ways of
 * asking for that datum and nothing more ('Nombre y apellido', 'CUIL', 'Correo electrónico'…);
 * 'Correo del empleador' or 'Teléfono de un familiar' stay empty. Only text, number, e-mail and phone
 * fields are filled, only with a value the field's own rules accept, and never over an answer.
 */
import { validateForm, type FormField, type FormValues } from "@common/forms";
import type { ApiContext } from "~/api/client.server";
import { getContactInfo } from "~/api/digital.server";
import { getRoles } from "~/api/security.server";
import { getActiveSession } from "~/lib/session.server";

export type Datum = "fullName" | "firstName" | "lastName" | "cuil" | "dni" | "email" | "phone";
export type CitizenData = Partial<Record<Datum, string>>;

/** The ways a form asks for each datum, written as `plain()` leaves them (lower case, no accents, no signs). */
const ASKED: Record<Datum, readonly string[]> = {
  fullName: [
    "nombre y apellido",
    "nombres y apellidos",
    "nombre y apellidos",
    "apellido y nombre",
    "apellidos y nombres",
    "nombre completo",
    "full name",
  ],
  firstName: ["nombre", "nombres", "first name", "given name"],
  lastName: ["apellido", "apellidos", "last name", "family name", "surname"],
  cuil: ["cuil", "cuit", "cuil cuit", "cuit cuil", "numero de cuil", "nro de cuil", "n de cuil"],
  dni: [
    "dni",
    "documento",
    "numero de documento",
    "nro de documento",
    "n de documento",
    "numero de dni",
    "nro de dni",
    "n de dni",
    "documento de identidad",
    "documento nacional de identidad",
  ],
  email: ["email", "e mail", "mail", "correo", "correo electronico", "direccion de correo", "direccion de correo electronico"],
  phone: ["telefono", "telefono de contacto", "numero de telefono", "nro de telefono", "celular", "telefono celular", "tel", "phone"],
};
const FILLABLE = new Set<FormField["type"]>(["text", "number", "email", "phone"]);

/** Lower case, no accents, words only: 'Correo electrónico:' → 'correo electronico'; 'nombreCompleto' → 'nombre completo'. */
export function plain(value: string): string {
  return value
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^(tu|su|mi) /, "");
}

/** The datum a field plainly asks for, by its label, else by its name; null when it asks for something else. */
export function datumAsked(field: Pick<FormField, "name" | "label" | "type">): Datum | null {
  if (!FILLABLE.has(field.type)) return null;
  const find = (text: string) => (Object.keys(ASKED) as Datum[]).find((datum) => ASKED[datum].includes(plain(text))) ?? null;
  return find(field.label) ?? (plain(field.label) === plain(field.name) || !field.label.trim() ? find(field.name) : null);
}

/** The DNI inside a CUIL (its eight middle digits, without leading zeros). */
export function dniOf(cuil: string): string | null {
  const digits = cuil.replace(/\D/g, "");
  return digits.length === 11 ? String(Number(digits.slice(2, 10))) : null;
}

/** `values` with each empty field that plainly asks for a datum the portal holds filled with it; the names filled. */
export function prefill(fields: readonly FormField[], values: FormValues, data: CitizenData): { values: FormValues; filled: string[] } {
  const out: FormValues = { ...values };
  const filled: string[] = [];
  for (const field of fields) {
    const current = out[field.name];
    if (current !== undefined && String(current).trim() !== "") continue;
    const datum = datumAsked(field);
    const value = datum ? data[datum]?.trim() : undefined;
    if (!value || !validateForm({ header: { name: "" }, fields: [field] }, { [field.name]: value }).valid) continue;
    out[field.name] = value;
    filled.push(field.name);
  }
  return { values: out, filled };
}

/**
 * What the portal holds about the citizen: the session's user (as the header and the requirements
 * screen show it, else the roles call), and only when a field asks for a first or last name alone,
 * the contact information's. A call that fails leaves its data out: the form still opens.
 */
export async function citizenData(ctx: ApiContext, wanted: ReadonlySet<Datum>): Promise<CitizenData> {
  if (wanted.size === 0) return {};
  const kept = (await getActiveSession(ctx))?.data.user;
  const user =
    kept ??
    (await getRoles(ctx).then(
      (u) => ({ cn: u.cn, cuil: u.cuil, email: u.email, telephone: u.telephone_number }),
      () => null,
    ));
  const contact = wanted.has("firstName") || wanted.has("lastName") ? await getContactInfo(ctx).catch(() => null) : null;
  const data: CitizenData = {
    fullName: user?.cn || undefined,
    firstName: contact?.first_name || undefined,
    lastName: contact?.last_name || undefined,
    cuil: user?.cuil?.replace(/\D/g, "") || undefined,
    dni: (user?.cuil && dniOf(user.cuil)) || undefined,
    email: user?.email || contact?.emails[0] || undefined,
    phone: user?.telephone || undefined,
  };
  return data;
}

/** A form's values, pre-filled (see above) where its fields ask for what the portal holds. */
export async function prefilled(ctx: ApiContext, fields: readonly FormField[], values: FormValues) {
  const wanted = new Set(fields.flatMap((field) => datumAsked(field) ?? []));
  return prefill(fields, values, await citizenData(ctx, wanted));
}
