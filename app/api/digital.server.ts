import { z } from "zod";
import { ApiError, apiJson, seg, type ApiContext } from "./client.server";

/** Adhesion check: true when adhered, false when the backend answers 400 (not adhered). */
export async function isAdhered(ctx: ApiContext): Promise<boolean> {
  try {
    await apiJson(ctx, `/api/dd/v1/users/get-user-self-da/${seg(ctx.cuil)}`, z.unknown(), { userId: true });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return false;
    throw error;
  }
}
