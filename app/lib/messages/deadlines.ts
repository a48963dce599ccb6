/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): the 'deadlines' texts. */

/** Deadlines in plain words (decision 014). Days are counted in Buenos Aires. */
export const deadlines = {
  column: "Vencimiento",
  label: "Vencimiento",
  none: "Sin vencimiento",
  dueOn: (date: string) => `Vence el ${date}`,
  daysLeft: (n: number) => (n === 1 ? "queda 1 día" : `quedan ${n} días`),
  future: (date: string, n: number) => `Vence el ${date} — ${n === 1 ? "queda 1 día" : `quedan ${n} días`}`,
  today: "Vence hoy",
  past: (date: string) => `Venció el ${date}`,
  sortLabel: "Ordenar por",
  sortOptions: {
    created: "Fecha de recepción",
    due: "Vencimiento",
  },
  sortApply: "Ordenar",
} as const;
