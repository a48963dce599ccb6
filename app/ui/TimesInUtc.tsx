import { furniture } from "../lib/messages/furniture";

/**
 * Times are UTC (spec section 9, decision 014): said once where times appear, so '13:39 hs' does not
 * read as a local clock (issue 31).
 */
export function TimesInUtc() {
  return <p className="times-utc">{furniture.timesInUtc}</p>;
}
