import { ApiError } from "../../errors.js";

export const NOT_ADHERED_MESSAGE = "No te encuentras adherido al domicilio digital.";

/** 400 NOT_ADHERED: the citizen has no adhesion to the digital domicile. */
export function notAdhered() {
  return new ApiError(400, "NOT_ADHERED", NOT_ADHERED_MESSAGE);
}
