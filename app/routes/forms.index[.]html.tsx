import type { LoaderFunctionArgs } from "@remix-run/node";
import { formFrameResponse } from "~/features/chat/frame.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => formFrameResponse({ request, context });
