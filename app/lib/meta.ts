import { furniture } from "./messages/furniture";

/** Document title and description: the route's label, then the portal's name and what it offers. */
export const pageTitle = (label?: string) => [
  { title: label ? `${label} · ${furniture.appName}` : furniture.appName },
  { name: "description", content: label ? `${label}. ${furniture.description}` : furniture.description },
];
