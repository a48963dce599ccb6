/**
 * The debounced search submit: inert on the server and without JavaScript, so the search form keeps
 * working with its button. (`useHydrated` is the library's,
 * remix-utils/use-hydrated, exported by ./index.)
 */
import { useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/** Search inputs send after 500 ms without typing (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 500;

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Returns an `onChange` handler for a search field: `delayMs` after the last change it submits the
 * field's own <Form> (a list's search form posts to /resources/search, which answers with the words
 * sealed in the URL, decision 032; a GET form lands in the URL as is) with `replace` and `preventScrollReset`.
 * Without JavaScript nothing happens and the form's submit button does the job. A normal submit
 * (Enter, button) cancels the pending timer, so the search is never sent twice.
 *
 *   const onSearchChange = useDebouncedSubmit();
 *   <Form method="get"><input type="search" name="search" onChange={onSearchChange} /> …</Form>
 */
export function useDebouncedSubmit(delayMs: number = SEARCH_DEBOUNCE_MS) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const watchedForms = useRef(new WeakSet<HTMLFormElement>());

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (event: { currentTarget: FieldElement }) => {
      const form = event.currentTarget.form;
      if (!form) return;
      if (!watchedForms.current.has(form)) {
        watchedForms.current.add(form);
        form.addEventListener("submit", () => clearTimeout(timer.current));
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (form.isConnected) submit(form, { replace: true, preventScrollReset: true });
      }, delayMs);
    },
    [submit, delayMs],
  );
}
