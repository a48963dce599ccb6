import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { finishSignIn } from "~/lib/auth.server";

/** The identity provider returns here; a failed exchange goes to /error, never shows a trace. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    return await finishSignIn(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`sign-in callback failed: ${error instanceof Error ? error.name : "unknown"}`);
    return redirect("/error");
  }
}
