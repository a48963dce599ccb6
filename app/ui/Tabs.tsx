import { Link } from "./Link";
import { colorStyle } from "./color";

export interface TabItem {
  /** Stable key (the tab code). */
  key: string;
  /** Visible text, e.g. 'Todos'. */
  label: string;
  /** Count shown in a badge; null/undefined shows no badge (count unknown or not wanted). */
  count?: number | null;
  /** Badge background from the configuration (e.g. '#2e7d32'); text colour is chosen for contrast. */
  color?: string;
  /** URL of this tab (keeps other query values, resets the page). */
  href: string;
  active: boolean;
  /** Rendered as a non-link with aria-disabled (e.g. 'No Leídos' with 0 unread). */
  disabled?: boolean;
}

export interface TabsProps {
  /** Accessible name of the <nav>, e.g. 'Estados de tus trámites'. */
  label: string;
  tabs: readonly TabItem[];
  className?: string;
}

/**
 * URL tabs: a <nav> of links (not an ARIA tablist, since each tab is a page URL and must work
 * without JavaScript). The active link carries aria-current="page". Scrolls horizontally on
 * narrow screens.
 */
export function Tabs({ label, tabs, className }: TabsProps) {
  return (
    <nav className={["tabs", className].filter(Boolean).join(" ")} aria-label={label}>
      <ul className="tabs__list">
        {tabs.map((tab) => {
          const content = (
            <>
              <span className="tabs__label">{tab.label}</span>{" "}
              {typeof tab.count === "number" ? (
                <span className="tabs__count" style={colorStyle(tab.color)}>
                  {tab.count}
                </span>
              ) : null}
            </>
          );
          return (
            <li key={tab.key} className="tabs__item">
              {tab.disabled && !tab.active ? (
                <span className="tabs__link" aria-disabled="true">
                  {content}
                </span>
              ) : (
                <Link className="tabs__link" to={tab.href} aria-current={tab.active ? "page" : undefined} preventScrollReset>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
