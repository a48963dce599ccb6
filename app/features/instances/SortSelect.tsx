import { common } from "~/lib/messages/common";
import { Select } from "~/ui";
import { SORT_VALUES, sortLabel, type SortValue } from "./sort";

const SORT_OPTIONS = SORT_VALUES.map((value) => ({ value, label: sortLabel(value) }));

/** The sort field of a list's filter form (a plain select: the form's submit or JS submits it). */
export function SortSelect({
  id,
  value,
  className,
  onChange,
}: {
  id: string;
  value: SortValue;
  className?: string;
  onChange?: React.ChangeEventHandler<HTMLSelectElement>;
}) {
  return (
    <Select
      id={id}
      name="sort"
      label={common.sort.label}
      className={className}
      options={SORT_OPTIONS}
      defaultValue={value}
      onChange={onChange}
    />
  );
}
