import type { ContactInfo } from "~/api/digital.server";
import { digital } from "~/lib/messages/digital";
import { ContactForm, type ContactResult } from "./ContactForm";

export type AdhesionViewProps = {
  info: ContactInfo;
  idempotencyKey: string;
  /** the action's 400 answer: the errors and what was sent */
  result?: ContactResult;
};

/** /digital/adhesion: 'Adhesión a domicilio digital'. */
export function AdhesionView({ info, idempotencyKey, result }: AdhesionViewProps) {
  return (
    <section className="dd narrow" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {digital.adhesion.title}
      </h1>
      <ContactForm mode="create" info={info} current={null} idempotencyKey={idempotencyKey} result={result} />
    </section>
  );
}
