import type { DbOrTx } from "../../db/index.js";
import { findCitizenByCuil, type CitizenRow } from "./repository.js";

/** Full name as the spec's `cn`. */
export const fullName = (c: Pick<CitizenRow, "given_name" | "family_name">) => `${c.given_name} ${c.family_name}`.trim();

/** Phone as shown to citizens: '+54 9 {code} {number}' (spec section 9), or null. */
export function displayPhone(code: string | null, number: string | null): string | null {
  if (!code || !number) return null;
  return `+54 9 ${code} ${number}`;
}

/** Phone in E.164 for the OIDC `phone_number` claim, or undefined. */
export function e164Phone(code: string | null, number: string | null): string | undefined {
  if (!code || !number) return undefined;
  return `+549${code}${number}`;
}

/** The User entity of spec section 3, as `get_roles` answers it. */
export function toUser(c: CitizenRow) {
  return {
    cn: fullName(c),
    email: c.email,
    cuil: c.cuil,
    uid: c.uid,
    telephone_number: displayPhone(c.phone_code, c.phone_number),
  };
}

/** The citizen's name as the spec's `cn` (history entries, chat events), or the cuil when unknown. */
export async function citizenName(db: DbOrTx, cuil: string): Promise<string> {
  const row = await findCitizenByCuil(db, cuil);
  return row ? fullName(row) : cuil;
}
