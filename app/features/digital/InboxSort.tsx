/**
 * The inbox's sort select (decision 014): 'Fecha de recepción' or 'Vencimiento'. The table's
 * column headers sort too, but they are hidden on phones (the table becomes cards), so this GET
 * form is how a phone, or anyone without JavaScript, sorts. It keeps the rest of the view state.
 */
import { Form } from "@remix-run/react";
import { inboxOrder } from "@common/inbox";
import { deadlines as D } from "~/lib/messages/deadlines";
import { digital } from "~/lib/messages/digital";
import { DEFAULT_ORDER, inboxHref, ORDER_LABELS, type InboxState } from "./query";

/** Soonest due day first (decision 014). */
const DUE_ORDER = inboxOrder("due_date", false);

export function InboxSort({ base, state }: { base: string; state: InboxState }) {
  // Everything but order and page, as hidden inputs (the state's own serialisation).
  const keep = [...new URLSearchParams(inboxHref(base, state, { order: DEFAULT_ORDER }).split("?")[1] ?? "")].filter(
    ([k]) => k !== "order" && k !== "page",
  );
  const known = state.order === DEFAULT_ORDER || state.order === DUE_ORDER;
  return (
    <Form method="get" action={base} className="dd-sort-form">
      {keep.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {/* Not a Select: the label sits over a row that pairs the select with its button, and Field's wrapper would break that row. */}
      <label className="field__label" htmlFor="dd-order">
        {D.sortLabel}
      </label>
      <div className="dd-sort-form__row">
        <select id="dd-order" name="order" className="field__input" defaultValue={state.order} key={state.order}>
          <option value={DEFAULT_ORDER}>{D.sortOptions.created}</option>
          <option value={DUE_ORDER}>{D.sortOptions.due}</option>
          {known ? null : (
            <option value={state.order}>
              {`${ORDER_LABELS[state.orderKey]} (${state.desc ? digital.sortedDescending : digital.sortedAscending})`}
            </option>
          )}
        </select>
        <button type="submit" className="btn btn--secondary">
          {D.sortApply}
        </button>
      </div>
    </Form>
  );
}
