import { common, type OmittedNoun } from "../lib/messages/common";
import { furniture } from "../lib/messages/furniture";

/**
 * Never silently (issue 36): where items of a citizen's list could not be read and were left out, one
 * short sentence says how many, with the footer's contact line. Nothing when none were left out.
 */
export function OmittedNotice({ count, noun }: { count: number | undefined; noun: OmittedNoun }) {
  if (!count) return null;
  const line = furniture.footer;
  return (
    <p className="omitted-notice" role="status">
      {`${common.omitted.notice(count, noun)} ${common.omitted.contact} `}
      <a href={`tel:${line.tollFreeTel}`}>{line.tollFreeNumber}</a>
      {` (${line.hours.toLowerCase()}).`}
    </p>
  );
}
