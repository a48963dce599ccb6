import { session as S } from "~/lib/messages/session";

/** Says that what the citizen was writing before the session expired came back (decision 032). */
export function DraftRestored() {
  return (
    <p className="draft-restored" role="status">
      {S.draftRestored}
    </p>
  );
}
