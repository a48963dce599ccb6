import { json } from "@remix-run/node";
import { ApiError, type ApiContext } from "~/api/client.server";
import { requireApiContext, type RequestScope } from "~/lib/session.server";
import { getReceipt, listReceipts } from "~/api/receipts.server";
import { offers } from "~/api/extensions.server";
import { orErrorPage } from "~/lib/guards.server";
import { receipts as R } from "~/lib/messages/receipts";
import { errorPage, upstreamStatus } from "~/lib/resource.server";
import { contentDisposition } from "@common/file-names";
import { receiptPdf } from "./pdf.server";

const ID = /^[0-9a-f-]{36}$/i;
const notFound = () => new Response("No encontrado", { status: 404 });

/** The signed-in citizen's API context, where the backend offers receipts (decision 098); else not found. */
async function receiptsContext(scope: RequestScope): Promise<ApiContext> {
  const ctx = await requireApiContext(scope);
  if (!(await offers(ctx, "receipts"))) throw notFound();
  return ctx;
}

/** Loader of /comprobantes: the signed-in citizen's receipts, newest first. */
export async function loadReceipts(scope: RequestScope) {
  const ctx = await receiptsContext(scope);
  return json({ receipts: await orErrorPage(() => listReceipts(ctx)) });
}

/** Loader of /comprobantes/{id}: a receipt of the signed-in citizen ('Comprobante'); another citizen's is 404. */
export async function loadReceipt(scope: RequestScope, id: string | undefined) {
  const ctx = await receiptsContext(scope);
  if (!id || !ID.test(id)) throw notFound();
  try {
    return json({ receipt: await getReceipt(ctx, id) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

/** 'Descargar PDF' of a receipt: made on the server with pdf-lib; another citizen's receipt is 404. */
export async function receiptPdfResponse(scope: RequestScope, id: string | undefined) {
  const ctx = await receiptsContext(scope);
  if (!id || !ID.test(id)) throw notFound();
  let receipt;
  try {
    receipt = await getReceipt(ctx, id);
  } catch (error) {
    if (error instanceof ApiError) throw errorPage(upstreamStatus(error));
    throw error;
  }
  const bytes = await receiptPdf(receipt);
  // The number is [A-Z0-9-] (made by the backend); anything else is dropped from the file name.
  const fileName = R.pdfFileName(receipt.number.replace(/[^A-Za-z0-9-]/g, ""));
  return new Response(Buffer.from(bytes), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(fileName),
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
