import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { digital } from "~/lib/messages/digital";
import { LinkButton, SubmitButton } from "~/ui";
import { SummaryCard } from "./SummaryCard";

/**
 * The envelope of a communication reached from outside the portal (decision 102): what the portal
 * knows without asking the API — the number in the address — and 'Abrir comunicación', a form post,
 * the citizen's own act that opens it (and so marks it read).
 */
export function EnvelopeView({ code, archivedView }: { code: string; archivedView: boolean }) {
  const T = digital.envelope;
  return (
    <SummaryCard headingId="dd-envelope" heading={T.heading} facts={[[digital.summary.number, code]]}>
      <p>{T.explanation}</p>
      <div className="cluster dd-summary__actions">
        <LinkButton to={archivedView ? "/digital/archive" : "/digital"} variant="secondary">
          {digital.summary.back}
        </LinkButton>
        <Form method="post">
          <AuthenticityTokenInput />
          <input type="hidden" name="code" value={code} />
          <SubmitButton name="intent" value="open">
            {T.open}
          </SubmitButton>
        </Form>
      </div>
    </SummaryCard>
  );
}
