import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError, requireApiContext } from "~/api/client.server";
import { getReceipt } from "~/api/receipts.server";
import { receiptPdf } from "~/features/receipts/pdf.server";
import { receipts as R } from "~/lib/messages/receipts";
import { errorPage, resource, upstreamStatus } from "~/lib/resource.server";

const ID = /^[0-9a-f-]{36}$/i;

/** 'Descargar PDF' of a receipt: made on the server with pdf-lib; another citizen's receipt is 404. */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireApiContext(request);
  if (!params.id || !ID.test(params.id)) throw new Response("No encontrado", { status: 404 });
  let receipt;
  try {
    receipt = await getReceipt(ctx, params.id);
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
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const loader = resource(loaderHandler);
