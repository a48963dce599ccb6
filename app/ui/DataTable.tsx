import type { AriaAttributes, Key, ReactNode } from "react";

/** One column of a DataTable: its header and how each row fills its cell. */
export interface Column<Row> {
  /** React key of the column (unique in the table). */
  key: string;
  /** Content of the column's `<th scope="col">`. */
  header: ReactNode;
  /** Keep the header for screen readers only (a column of checkboxes or of row actions). */
  headerHidden?: boolean;
  /**
   * `data-label` of each cell: the label shown before it when the rows stack as cards on a phone.
   * Defaults to the header when the header is text; `null` for none (the cell then spans the card).
   */
  label?: string | null;
  /** Content of the row's cell. */
  cell: (row: Row, index: number) => ReactNode;
  /** Class of each `<td>` of the column. */
  className?: string;
  /** `aria-sort` of the header (the column the table is sorted by). */
  sort?: AriaAttributes["aria-sort"];
}

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** React key of a row. */
  rowKey: (row: Row, index: number) => Key;
  /** Class of a row's `<tr>` (e.g. an unread message). */
  rowClassName?: (row: Row) => string | undefined;
  /** The table's `<caption>`. */
  caption?: ReactNode;
  /** Keep the caption for screen readers only. */
  captionHidden?: boolean;
  /** Class of the `<table>`: by default `table`, the portal's table whose rows stack as cards under 768 px. */
  className?: string;
  /** Class of the wrapper that scrolls a wide table sideways (default `table-wrap`); `null` for no wrapper. */
  wrapClassName?: string | null;
}

/**
 * A table of records, one row per item and one `<th scope="col">` per column; each cell carries its
 * column's label as `data-label` so the stacked phone layout (app/styles) can show it.
 * Imported from here, not from ~/ui: esbuild gives every page that imports the index the code of
 * every module the index names, and only the pages with a table should carry this one.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowClassName,
  caption,
  captionHidden,
  className = "table",
  wrapClassName = "table-wrap",
}: DataTableProps<Row>) {
  const table = (
    <table className={className}>
      {caption === undefined ? null : <caption className={captionHidden ? "visually-hidden" : undefined}>{caption}</caption>}
      <thead>
        <tr>
          {columns.map(({ key, header, headerHidden, sort }) => (
            <th key={key} scope="col" aria-sort={sort}>
              {headerHidden ? <span className="visually-hidden">{header}</span> : header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} className={rowClassName?.(row)}>
            {columns.map(({ key, header, label = typeof header === "string" ? header : null, className: cellClass, cell }) => (
              <td key={key} data-label={label ?? undefined} className={cellClass}>
                {cell(row, index)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return wrapClassName === null ? table : <div className={wrapClassName}>{table}</div>;
}
