import type { LoaderFunctionArgs } from "@remix-run/node";
import { receiptPdfResponse } from "~/features/receipts/receipts.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, context, params }: LoaderFunctionArgs) => receiptPdfResponse({ request, context }, params.id));
