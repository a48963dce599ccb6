import type { LoaderFunctionArgs } from "@remix-run/node";
import { receiptPdfResponse } from "~/features/receipts/receipts.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, params }: LoaderFunctionArgs) => receiptPdfResponse(request, params.id));
