import { Link } from "~/ui/Link";
import { accessDigest as T } from "~/lib/messages/accessDigest";
import { DIGEST_ANCHOR } from "./digest";

/** On 'Tus datos': whether the daily e-mail digest is on, and the way to its switch in 'Configuración'. */
export function DigestNote({ enabled }: { enabled: boolean }) {
  return (
    <p>
      {enabled ? T.stateOn : T.stateOff} <Link to={`/digital/settings#${DIGEST_ANCHOR}`}>{T.change}</Link>
    </p>
  );
}
