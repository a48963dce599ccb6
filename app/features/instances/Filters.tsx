import { common } from "~/lib/messages/common";
import type { SearchList } from "~/lib/search-param";
import { useDebouncedSubmit } from "~/ui";
import { SearchBox, SearchButton, SearchForm } from "~/ui/SearchBox";
import { DateFilter } from "./DateFilter";
import type { DayRange } from "./day-range";
import { SortSelect } from "./SortSelect";
import type { SortValue } from "./sort";

/**
 * The filters of a list of instances (the procedures' tray, the records): a search form with the tab,
 * the search box, the 'Desde'/'Hasta' days where the list has them, and the sort. Typing submits
 * after a pause, a day or a sort at once (with JavaScript); without it, 'Buscar'.
 */
export function InstanceFilters({
  to,
  prefix,
  label,
  searchLabel,
  state,
  defaultTab,
  dates,
  sortClassName,
}: {
  to: SearchList;
  /** The ids' and classes' prefix: `<prefix>-q`, `<prefix>-filters`, … */
  prefix: string;
  /** The form's name (role="search"). */
  label: string;
  searchLabel: string;
  state: { tab: string; q: string; sort: SortValue };
  defaultTab: string;
  dates?: DayRange;
  sortClassName?: string;
}) {
  const onChangeNow = useDebouncedSubmit(0);
  return (
    <SearchForm to={to} className={`toolbar ${prefix}-filters`} label={label}>
      {state.tab !== defaultTab ? <input type="hidden" name="tab" value={state.tab} /> : null}
      <SearchBox id={`${prefix}-q`} label={searchLabel} className={`${prefix}-filters__search`} defaultValue={state.q} />
      {dates
        ? (["since", "until"] as const).map((name) => (
            <DateFilter
              key={name}
              id={`${prefix}-${name}`}
              name={name}
              label={common.search[name]}
              value={dates[name]}
              invalid={name === "since" ? dates.invalidSince : dates.invalidUntil}
              onValid={onChangeNow}
            />
          ))
        : null}
      <SortSelect id={`${prefix}-sort`} className={sortClassName} value={state.sort} onChange={onChangeNow} />
      <SearchButton />
    </SearchForm>
  );
}
