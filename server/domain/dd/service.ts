import type { DbOrTx } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import { findAdhesion, type AdhesionRow } from "./repository.js";

export const NOT_ADHERED_MESSAGE = "No te encuentras adherido al domicilio digital.";

export function notAdhered() {
  return new ApiError(400, "NOT_ADHERED", NOT_ADHERED_MESSAGE);
}

export function toSelfDa(a: AdhesionRow) {
  return {
    cuil: a.cuil,
    email: a.email,
    phone: a.phone_code && a.phone_number ? { code: a.phone_code, number: a.phone_number } : null,
    adhered_at: a.adhered_at,
  };
}

/** The citizen's adhesion; 400 NOT_ADHERED when there is none. */
export async function requireAdhesion(db: DbOrTx, cuil: string): Promise<AdhesionRow> {
  const adhesion = await findAdhesion(db, cuil);
  if (!adhesion) throw notAdhered();
  return adhesion;
}
