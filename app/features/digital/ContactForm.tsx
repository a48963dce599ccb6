import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ContactInfo, Phone } from "~/api/digital.server";
import { common } from "~/lib/messages/common";
import { digital } from "~/lib/messages/digital";
import { ErrorSummary, SubmitButton, useHydrated } from "~/ui";

const phoneValue = (p: Phone) => `${p.code}-${p.number}`;

export type ContactFormProps = {
  mode: "create" | "update";
  info: ContactInfo;
  current: { email: string; phone: Phone | null } | null;
  idempotencyKey: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

/**
 * Adhesion and settings: choose one of the citizen's e-mails, optionally a phone; adhesion also
 * needs the terms. The button is enabled by the rules of spec section 5 (with JS); the server
 * checks the same rules.
 */
export function ContactForm({ mode, info, current, idempotencyKey, fieldErrors = {}, values }: ContactFormProps) {
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
      <fieldset
        className={`field${fieldErrors.email ? " field--error" : ""}`}
        aria-describedby={fieldErrors.email ? "dd-email-error" : undefined}
      >
        <legend className="field__label">{T.emailLabel}</legend>
        {fieldErrors.email ? (
          <p id="dd-email-error" className="field__error">
            <span className="visually-hidden">{common.fields.errorPrefix} </span>
            {fieldErrors.email}
          </p>
        ) : null}
        {info.emails.map((e, i) => (
          <div className="checkbox__item" key={e}>
            <input
              className="checkbox__input"
              type="radio"
              id={`dd-email-${i}`}
              name="email"
              value={e}
              defaultChecked={email === e}
              onChange={() => setEmail(e)}
            />
            <label className="checkbox__label" htmlFor={`dd-email-${i}`}>
              {e}
            </label>
          </div>
        ))}
      </fieldset>
      <fieldset className="field">
        <legend className="field__label">{T.phoneLabel}</legend>
        {info.phones.map((p, i) => (
          <div className="checkbox__item" key={phoneValue(p)}>
            <input
              className="checkbox__input"
              type="radio"
              id={`dd-phone-${i}`}
              name="phone"
              value={phoneValue(p)}
              defaultChecked={initialPhone === phoneValue(p)}
            />
            <label className="checkbox__label" htmlFor={`dd-phone-${i}`}>
              {common.phone(p.code, p.number)}
            </label>
          </div>
        ))}
        <div className="checkbox__item">
          <input className="checkbox__input" type="radio" id="dd-phone-none" name="phone" value="" defaultChecked={initialPhone === ""} />
          <label className="checkbox__label" htmlFor="dd-phone-none">
            {digital.adhesion.noPhone}
          </label>
        </div>
      </fieldset>
      {mode === "create" ? (
        <div className={`field checkbox${fieldErrors.terms ? " field--error" : ""}`}>
          {fieldErrors.terms ? (
            <p id="dd-terms-error" className="field__error">
              <span className="visually-hidden">{common.fields.errorPrefix} </span>
              {fieldErrors.terms}
            </p>
          ) : null}
          <div className="checkbox__item">
            <input
              className="checkbox__input"
              type="checkbox"
              id="dd-terms"
              name="terms"
              value="on"
              defaultChecked={terms}
              onChange={(e) => setTerms(e.currentTarget.checked)}
              aria-describedby={fieldErrors.terms ? "dd-terms-error dd-terms-links" : "dd-terms-links"}
              aria-invalid={fieldErrors.terms ? true : undefined}
            />
            <label className="checkbox__label" htmlFor="dd-terms">
              {digital.adhesion.acceptTerms}
            </label>
          </div>
          <p id="dd-terms-links" className="field__hint cluster">
            <Link to="/digital/terms" target="_blank" rel="noopener">
              {digital.adhesion.termsLink}
              <span className="visually-hidden"> {common.opensInNewTab}</span>
            </Link>
            <Link to="/digital/privacy" target="_blank" rel="noopener">
              {digital.adhesion.privacyLink}
              <span className="visually-hidden"> {common.opensInNewTab}</span>
            </Link>
          </p>
        </div>
      ) : null}
      <div>
        <SubmitButton disabled={hydrated ? !enabled : undefined}>
          {mode === "create" ? digital.adhesion.submit : digital.settings.save}
        </SubmitButton>
      </div>
    </Form>
  );
}
