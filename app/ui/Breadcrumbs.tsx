import { Link } from "./Link";
import { furniture } from "../lib/messages/furniture";

/** Where a page stands: links to the pages above it; the item without `to` is this page (aria-current). */
export function Breadcrumbs({ items }: { items: readonly { label: string; to?: string }[] }) {
  return (
    <nav className="breadcrumbs" aria-label={furniture.breadcrumbsLabel}>
      <ol>
        {items.map((item) => (
          <li key={item.label}>{item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
