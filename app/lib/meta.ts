import { furniture } from "./messages/furniture";

/** Document title: the route's label, then the portal's name. */
export const pageTitle = (label: string) => [{ title: `${label} · ${furniture.appName}` }];
