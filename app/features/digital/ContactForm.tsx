import { Form } from "@remix-run/react";
import { Link } from "~/ui/Link";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ContactInfo, Phone } from "~/api/digital.server";
import { common } from "~/lib/messages/common";
import { digital } from "~/lib/messages/digital";
import { Checkbox, ErrorSummary, SubmitButton, useHydrated } from "~/ui";
import { RadioGroup } from "~/ui/RadioGroup";

const phoneValue = (p: Phone) => `${p.code}-${p.number}`;

export type ContactResult = { fieldErrors?: Record<string, string>; values?: Record<string, string> };

export type ContactFormProps = {
  mode: "create" | "update";
  info: ContactInfo;
  current: { email: string; phone: Phone | null } | null;
  idempotencyKey: string;
  /** the action's 400 answer: the errors and what was sent */
  result?: ContactResult;
};

/**
 * Adhesion and settings: choose one of the citizen's e-mails, optionally a phone; adhesion also
 * needs the terms. The button is enabled by the rules of spec section 5 (with JS); the server
 * checks the same rules.
 */
export function ContactForm({ mode, info, current, idempotencyKey, result }: ContactFormProps) {
  const fieldErrors = result?.fieldErrors ?? {};
  const values = result?.values;
  const T = mode === "create" ? digital.adhesion : digital.settings;
  const hydrated = useHydrated();
  const [email, setEmail] = useState(values?.email ?? current?.email ?? "");
  const [terms, setTerms] = useState(values?.terms === "on");
  const initialPhone = values?.phone ?? (current?.phone ? phoneValue(current.phone) : "");
  const enabled = Boolean(email) && (mode === "update" || terms);
  const errorItems = Object.entries(fieldErrors).map(([field, message]) => ({
    fieldId: field === "terms" ? "dd-terms" : `dd-${field}-0`,
    message,
  }));

  return (
    <Form method="post" className="stack dd-contact" noValidate>
      <ErrorSummary errors={errorItems} />
      <AuthenticityTokenInput />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <RadioGroup
        id="dd-email"
        name="email"
        label={T.emailLabel}
        error={fieldErrors.email}
        options={info.emails.map((e) => ({ value: e, label: e }))}
        defaultValue={email}
        onChange={setEmail}
      />
      <RadioGroup
        id="dd-phone"
        name="phone"
        label={T.phoneLabel}
        options={[
          ...info.phones.map((p) => ({ value: phoneValue(p), label: common.phone(p.code, p.number) })),
          { value: "", label: digital.adhesion.noPhone, id: "dd-phone-none" },
        ]}
        defaultValue={initialPhone}
      />
      {mode === "create" ? (
        <Checkbox
          id="dd-terms"
          name="terms"
          value="on"
          label={digital.adhesion.acceptTerms}
          error={fieldErrors.terms}
          hint={
            <span className="cluster">
              <Link to="/digital/terms" target="_blank" rel="noopener">
                {digital.adhesion.termsLink}
                <span className="visually-hidden"> {common.opensInNewTab}</span>
              </Link>
              <Link to="/digital/privacy" target="_blank" rel="noopener">
                {digital.adhesion.privacyLink}
                <span className="visually-hidden"> {common.opensInNewTab}</span>
              </Link>
            </span>
          }
          defaultChecked={terms}
          onChange={(e) => setTerms(e.currentTarget.checked)}
        />
      ) : null}
      <div>
        <SubmitButton disabled={hydrated ? !enabled : undefined}>
          {mode === "create" ? digital.adhesion.submit : digital.settings.save}
        </SubmitButton>
      </div>
    </Form>
  );
}
