import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { common } from "../lib/messages/common";
import { SEARCH_ACTION, type SearchList } from "../lib/search-param";
import { TextField } from "./Field";
import { useDebouncedSubmit } from "./hooks";

/**
 * A list's search box (`q`, at most 200 characters): with JavaScript what is typed submits its form
 * after a pause; without it the form's `SearchButton` does.
 */
export function SearchBox({ id, label, className, defaultValue }: { id: string; label: string; className?: string; defaultValue: string }) {
  const onSearch = useDebouncedSubmit();
  return (
    <TextField
      id={id}
      name="q"
      type="search"
      autoComplete="off"
      label={label}
      className={className}
      defaultValue={defaultValue}
      maxLength={200}
      onChange={onSearch}
    />
  );
}

/** 'Buscar': the search form's button where no script submits it. */
export function SearchButton() {
  return (
    <button type="submit" className="btn btn--secondary no-js-only">
      {common.actions.search}
    </button>
  );
}

/**
 * A list's search form. It posts (CSRF-checked) to /resources/search, which answers with the list's
 * address and the words sealed for this session: they stay out of the browser's history at a shared
 * terminal (decision 032). `children` are the box, the list's other fields and the button.
 */
export function SearchForm({ to, className, label, children }: { to: SearchList; className: string; label?: string; children: ReactNode }) {
  return (
    <Form method="post" action={SEARCH_ACTION} className={className} role="search" aria-label={label}>
      <AuthenticityTokenInput />
      <input type="hidden" name="to" value={to} />
      {children}
    </Form>
  );
}
