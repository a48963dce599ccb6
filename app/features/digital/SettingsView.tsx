import type { ContactInfo, Phone } from "~/api/digital.server";
import { DigestSwitchForm } from "~/features/datos/DigestSwitch";
import { digital } from "~/lib/messages/digital";
import { ContactForm, type ContactResult } from "./ContactForm";
import { DigitalHeader } from "./DigitalHeader";

export type SettingsViewProps = {
  info: ContactInfo;
  current: { email: string; phone: Phone | null } | null;
  idempotencyKey: string;
  /** the daily digest's switch; null when the backend does not offer it (decision 071) */
  digest: boolean | null;
  /** the action's 400 answer: the errors and what was sent */
  result?: ContactResult;
};

/** /digital/settings: 'Datos de contacto' with 'Guardar', then the digest's switch. */
export function SettingsView({ info, current, idempotencyKey, digest, result }: SettingsViewProps) {
  return (
    <section className="dd" aria-labelledby="page-title">
      <DigitalHeader title={digital.title} />
      <div className="card narrow">
        <h2 className="section-title">{digital.settings.title}</h2>
        <ContactForm mode="update" info={info} current={current} idempotencyKey={idempotencyKey} result={result} />
      </div>
      {digest === null ? null : <DigestSwitchForm enabled={digest} />}
    </section>
  );
}
