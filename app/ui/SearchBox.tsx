import { common } from "../lib/messages/common";
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
