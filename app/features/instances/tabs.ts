/**
 * The tabs of the instance lists (procedures tray and records list): what the loader sends for each
 * tab and the Tabs items the page draws from it. One definition for both modules.
 */
import type { TabItem } from "~/ui";

/** A tab as the page shows it: `count` is null when the module does not count it or the count failed. */
export type TabView = { code: string; description: string; color?: string; count: number | null };

/** The Tabs items of a list (`hrefFor` gives the address of each tab). */
export function tabItems(tabs: readonly TabView[], active: string, hrefFor: (code: string) => string): TabItem[] {
  return tabs.map((tab) => ({
    key: tab.code,
    label: tab.description,
    count: tab.count,
    color: tab.color,
    active: tab.code === active,
    href: hrefFor(tab.code),
  }));
}
