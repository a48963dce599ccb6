import { digital as T } from "~/lib/messages/digital";
import { LinkButton } from "~/ui/Button";

/**
 * Header of every digital screen but the confirm pages: title and 'Configuración'. A module of its
 * own, so that 'Configuración' does not load the inbox's code for it.
 */
export function DigitalHeader({ title }: { title: string }) {
  return (
    <div className="page__header dd-header">
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
      <LinkButton to="/digital/settings" variant="secondary">
        {T.settingsButton}
      </LinkButton>
    </div>
  );
}
