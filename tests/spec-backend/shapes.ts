/**
 * The shape variants of the spec backend (SPEC_BACKEND_VARIANT). Each is a backend someone could
 * write from the portal specification alone (sections 3, 4, 7 and 8): where the spec names a field
 * every variant sends it; where the spec is silent or its own wording varies, each variant makes a
 * different, reasonable choice. Fields the spec never names (an id on a chat event, a status on a
 * chat document, an author on a date separator, a form id in `forms/first`) are sent by none.
 */
export type VariantName = "plain" | "numeric" | "wrapped";

export type Shape = {
  name: VariantName;
  /** ids of catalogue items, procedures, instances, records, files and communication codes as JSON numbers (else strings) */
  numericIds: boolean;
  /** `modules[].tabs[].count`: a flag "this tab shows a count", or the count itself ("tabs with counts") */
  tabCount: "flag" | "number";
  /** flags (enabled, isParent, highlighted, read_only, downloaded, archived, isRequired, first, draft, hasAlert…) as 1/0 */
  numericFlags: boolean;
  /** answers whose wrapper the spec does not state (contact info, adhesion check, requirements): bare, `{ data }` or `{ result }` */
  envelope: "bare" | "data" | "result";
  /** terms and privacy: JSON `{ data: html }`, JSON `{ result: html }`, or a `text/html` body */
  legalText: "json-data" | "json-result" | "html";
  /** communication types: `{ types: [...] }`, a bare array, or `{ data: [...] }` */
  typesList: "object" | "array" | "data";
  /** the chat's `current` (named by the spec, shape not given): present as the current state, or absent */
  chatCurrent: boolean;
  /** sent record documents: `file { id, name }` or only the spec's 'file name' */
  sentFileIds: boolean;
  /** getPageCount: `{ result: n }` or a bare number */
  pageCount: "result" | "bare";
  /** procedure types as section 3 writes them (interactive, form) or as section 4 does (INTERACTIVE, FORM) */
  typeCase: "lower" | "upper";
};

export const VARIANTS: Record<VariantName, Shape> = {
  plain: {
    name: "plain",
    numericIds: false,
    tabCount: "flag",
    numericFlags: false,
    envelope: "bare",
    legalText: "json-data",
    typesList: "object",
    chatCurrent: true,
    sentFileIds: true,
    pageCount: "result",
    typeCase: "lower",
  },
  numeric: {
    name: "numeric",
    numericIds: true,
    tabCount: "number",
    numericFlags: true,
    envelope: "result",
    legalText: "json-result",
    typesList: "array",
    chatCurrent: false,
    sentFileIds: false,
    pageCount: "bare",
    typeCase: "upper",
  },
  wrapped: {
    name: "wrapped",
    numericIds: false,
    tabCount: "number",
    numericFlags: false,
    envelope: "data",
    legalText: "html",
    typesList: "data",
    chatCurrent: false,
    sentFileIds: false,
    pageCount: "result",
    typeCase: "lower",
  },
};

export function shapeFor(name: string | undefined): Shape {
  const key = (name ?? "plain") as VariantName;
  const shape = VARIANTS[key];
  if (!shape) throw new Error(`SPEC_BACKEND_VARIANT must be one of ${Object.keys(VARIANTS).join(", ")}; got ${name}`);
  return shape;
}

/** Writers of one variant: every answer goes through them. */
export function writers(shape: Shape) {
  return {
    id: (value: number): number | string => (shape.numericIds ? value : String(value)),
    flag: (value: boolean): boolean | number => (shape.numericFlags ? (value ? 1 : 0) : value),
    envelope: (body: unknown) => (shape.envelope === "bare" ? body : { [shape.envelope]: body }),
    type: (value: "interactive" | "form") => (shape.typeCase === "upper" ? value.toUpperCase() : value),
  };
}
