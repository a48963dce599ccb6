import { z } from "zod/v4";
import { api, apiJson, type ApiContext } from "./client.server";

/** Receipts (decision 033): `/api/receipts` of the reference backend (docs/contract.md). */
export const ReceiptKind = z.enum(["procedure", "documents", "record", "adhesion"]);
export type ReceiptKind = z.infer<typeof ReceiptKind>;

export const Receipt = z.object({
  id: z.string(),
  number: z.string(),
  kind: ReceiptKind,
  occurredAt: z.string(),
  issuedAt: z.string(),
  detail: z.object({
    citizen: z.object({ name: z.string(), cuil: z.string() }),
    procedure: z.string().optional(),
    record: z.string().optional(),
    documents: z.array(z.object({ name: z.string(), size: z.number().nullable() })).optional(),
    email: z.string().optional(),
  }),
});
export type Receipt = z.infer<typeof Receipt>;

const ReceiptAnswer = z.object({ result: Receipt });
const ReceiptsAnswer = z.object({ result: z.array(Receipt) });

/** Issues the receipt of what the citizen just did (the backend reads it from its own rows), or answers the one already issued. */
export async function issueReceipt(ctx: ApiContext, kind: ReceiptKind, ref = ""): Promise<Receipt> {
  return (await apiJson(ctx, api`/api/receipts`, ReceiptAnswer, { method: "POST", body: { kind, ref } })).result;
}

export async function getReceipt(ctx: ApiContext, id: string): Promise<Receipt> {
  return (await apiJson(ctx, api`/api/receipts/${id}`, ReceiptAnswer)).result;
}

export async function listReceipts(ctx: ApiContext): Promise<Receipt[]> {
  return (await apiJson(ctx, api`/api/receipts`, ReceiptsAnswer)).result;
}
