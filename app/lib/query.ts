/**
 * A query string written as `URLSearchParams` writes one (application/x-www-form-urlencoded: a
 * space as `+`, every character but ASCII letters, digits and `*-._` percent-encoded as UTF-8),
 * without making the object: a list page writes one for every link of every row, and making and
 * serialising a `URLSearchParams` each time was 2 % of the records manager's CPU (decision 095).
 * tests/unit/query.test.ts holds it against `URLSearchParams` character by character.
 */
export class QueryWriter {
  private readonly parts: string[] = [];

  /** Adds `name=value` after what is there (as `append`; the pages add each name once, but `sel`). */
  add(name: string, value: string): this {
    this.parts.push(`${formEncode(name)}=${formEncode(value)}`);
    return this;
  }

  toString(): string {
    return this.parts.join("&");
  }
}

const PLAIN = /^[\w*.-]*$/;
const LEFT_BY_ENCODE_URI_COMPONENT = /[!'()~]/g;
const LONE_SURROGATE = /\p{Surrogate}/gu;

/** One name or value as a form encodes it. */
export function formEncode(value: string): string {
  if (PLAIN.test(value)) return value;
  // A lone surrogate is written as U+FFFD, as URLSearchParams does (encodeURIComponent would throw).
  return encodeURIComponent(value.replace(LONE_SURROGATE, "\uFFFD"))
    .replace(/%20/g, "+")
    .replace(LEFT_BY_ENCODE_URI_COMPONENT, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
