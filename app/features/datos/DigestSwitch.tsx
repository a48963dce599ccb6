import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { accessDigest as T } from "~/lib/messages/accessDigest";
import { SubmitButton } from "~/ui/Button";
import { Checkbox } from "~/ui/Field";
import { DIGEST_ANCHOR, DIGEST_INTENT } from "./digest";

/**
 * The switch of the daily e-mail digest (decision 071): a form of its own (plain HTML post, CSRF
 * token, intent), below the spec's content of /digital/settings. Remounted when the saved state
 * changes, so the box always shows what the backend holds.
 */
export function DigestSwitchForm({ enabled }: { enabled: boolean }) {
  return (
    <div className="card narrow dd-digest" id={DIGEST_ANCHOR}>
      <h2 className="section-title">{T.title}</h2>
      <Form method="post" className="stack" key={String(enabled)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value={DIGEST_INTENT} />
        <Checkbox id="digest-enabled" name="enabled" value="on" label={T.label} hint={T.hint} defaultChecked={enabled} />
        <div>
          <SubmitButton name="intent" value={DIGEST_INTENT} variant="secondary">
            {T.save}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
