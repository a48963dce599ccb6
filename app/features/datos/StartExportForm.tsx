import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { datos as D } from "~/lib/messages/datos";
import { EXPORT_STATUS_HREF } from "./url";

/** 'Descargar mis datos (ZIP)' when no file is ready: a plain post that starts it and opens the status page. */
export function StartExportForm({ describedBy }: { describedBy?: string }) {
  return (
    <Form method="post" action={EXPORT_STATUS_HREF}>
      <AuthenticityTokenInput />
      <button type="submit" className="btn btn--primary" aria-describedby={describedBy} data-testid="datos-download">
        {D.download.link}
      </button>
    </Form>
  );
}
