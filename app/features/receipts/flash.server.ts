/**
 * After an action that earns a receipt (starting a procedure, sending documents, adhering), the
 * action issues it and the next page offers 'Ver comprobante': the receipt's id and number travel
 * in a one-time signed cookie read by the root loader, like the toasts (Post/Redirect/Get).
 */
import { z } from "zod/v4";
import type { ApiContext } from "~/api/client.server";
import { issueReceipt, type ReceiptKind } from "~/api/receipts.server";
import { offers } from "~/api/extensions.server";
import { logError } from "~/lib/log.server";
import { portalCookie } from "~/lib/sealed-cookie.server";

const flashCookie = portalCookie("av_receipt", { maxAge: 600 });

const FlashSchema = z.object({ id: z.string().max(64), number: z.string().max(32) });
export type ReceiptFlash = z.infer<typeof FlashSchema>;

/**
 * Issues the receipt and answers the Set-Cookie that offers it on the next page. A failure to
 * issue never undoes what the citizen did: it is logged and the page simply offers no receipt
 * (it can still be issued from the citizen's list later — the backend keeps the action's rows).
 */
export async function receiptFlashHeader(ctx: ApiContext, kind: ReceiptKind, ref = ""): Promise<string | null> {
  try {
    // Receipts are ours beyond the spec (decision 098): none where the backend does not offer them.
    if (!(await offers(ctx, "receipts"))) return null;
    const receipt = await issueReceipt(ctx, kind, ref);
    return await flashCookie.serialize({ id: receipt.id, number: receipt.number } satisfies ReceiptFlash);
  } catch (error) {
    if (error instanceof Response) throw error;
    logError("receipt not issued", error, ctx.request, { kind });
    return null;
  }
}

/** Adds the receipt's Set-Cookie to a redirect (or any response) when there is one. */
export function withReceipt(response: Response, header: string | null): Response {
  if (header) response.headers.append("Set-Cookie", header);
  return response;
}

/** Root loader only: the pending receipt offer and the header that clears it. */
export async function readReceiptFlash(request: Request): Promise<{ receipt: ReceiptFlash | null; header: string | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("av_receipt=")) return { receipt: null, header: null };
  const parsed = FlashSchema.safeParse(await flashCookie.parse(cookie));
  return { receipt: parsed.success ? parsed.data : null, header: await flashCookie.serialize("", { maxAge: 0 }) };
}
