import type { SerializeFrom } from "@remix-run/node";
import { useActionData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { validateForm, type FormDefinition } from "@common/forms";
import { errors as E } from "~/lib/messages/errors";
import { procedureChat as t } from "~/lib/messages/procedureChat";
import { LinkButton, Spinner, useHydrated } from "~/ui";
import { fieldErrorText, valuesFrom } from "./FormFields";
import type { FormActionData, loadFormScreen } from "./form.server";

/**
 * The form screen (/procedures/form): the form's frame, and with JavaScript the same rules checked
 * before sending and the frame grown to its form.
 */
export function FormScreenView({ title, back, frameSrc, spec }: SerializeFrom<typeof loadFormScreen>) {
  const actionData = useActionData<FormActionData>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [clientInvalid, setClientInvalid] = useState(false);
  const invalid = clientInvalid || Boolean(actionData?.invalid);

  /** With JavaScript the same rules run before sending: an invalid form is never sent. */
  const attach = useCallback(() => {
    const doc = frame.current?.contentDocument;
    const form = doc?.getElementById("av-form") as HTMLFormElement | null;
    if (!doc || !form) return;
    setLoaded(true);
    // Same origin: the frame grows to its form, so the page scrolls as one. The body's own height is
    // measured (the document's is never less than the frame), so a resize does not feed itself.
    const fit = () => {
      const height = `${Math.ceil(doc.body.getBoundingClientRect().height) + 4}px`;
      if (frame.current && frame.current.style.height !== height) frame.current.style.height = height;
    };
    fit();
    doc.defaultView?.addEventListener("resize", fit);
    if (form.dataset.enhanced) return;
    form.dataset.enhanced = "1";
    form.addEventListener("submit", (event) => {
      const values = valuesFrom(spec, new FormData(form));
      const result = validateForm(spec as FormDefinition, values);
      for (const field of spec.fields) {
        const slot = doc.getElementById(`f-${field.name}-error`);
        const code = result.errors[field.name];
        if (slot) {
          slot.textContent = code ? fieldErrorText(field, code) : "";
          slot.hidden = !code;
        }
        for (const input of Array.from(form.querySelectorAll<HTMLElement>(`[name="${field.name}"]`))) {
          if (code) input.setAttribute("aria-invalid", "true");
          else input.removeAttribute("aria-invalid");
          const own =
            input
              .getAttribute("aria-describedby")
              ?.split(" ")
              .filter((x) => x && x !== `f-${field.name}-error`) ?? [];
          if (code && input.id === `f-${field.name}`) own.push(`f-${field.name}-error`);
          if (own.length) input.setAttribute("aria-describedby", own.join(" "));
          else input.removeAttribute("aria-describedby");
        }
      }
      fit();
      if (!result.valid) {
        event.preventDefault();
        setClientInvalid(true);
        const first = spec.fields.find((f) => result.errors[f.name]);
        (doc.querySelector(`[name="${first?.name}"]`) as HTMLElement | null)?.focus();
        return;
      }
      setClientInvalid(false);
      setSaving(true);
    });
  }, [spec]);

  useEffect(() => {
    if (!hydrated) return;
    const el = frame.current;
    if (el?.contentDocument?.readyState === "complete" && el.contentDocument.getElementById("av-form")) attach();
  }, [hydrated, attach]);

  const busy = saving || (navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post");

  return (
    <section className="form-screen" aria-labelledby="page-title">
      <div>
        <LinkButton to={back} variant="secondary" size="sm">
          {t.form.back}
        </LinkButton>
      </div>
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
      {invalid ? (
        <div className="alert alert--error" role="alert">
          {E.formInvalid}
        </div>
      ) : null}
      {/* Only a script can tell that the frame loaded: without one the page never says 'Cargando…'. */}
      {hydrated ? (
        <div className="form-screen__status">
          {busy ? (
            <Spinner size="sm" label={t.form.saving} showLabel />
          ) : !loaded ? (
            <Spinner size="sm" label={t.form.loading} showLabel />
          ) : null}
        </div>
      ) : null}
      <iframe ref={frame} src={frameSrc} title={t.form.frameTitle(spec.header.name)} className="form-screen__frame" onLoad={attach} />
      {/* Browsers without frames (text browsers, some assistive set-ups) open the same form as a page of its own. */}
      <p className="form-screen__standalone">
        <a href={frameSrc}>{t.form.openStandalone}</a>
      </p>
    </section>
  );
}
