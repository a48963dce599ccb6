/**
 * Colour helpers for colours that come from data (tab counts, status badges): pick a text colour
 * that keeps WCAG AA contrast whatever the background is.
 */

// Pure black and white: for any background one of them reaches at least 4.58:1.
export const DARK_TEXT = "#000000";
export const LIGHT_TEXT = "#ffffff";

/** [r, g, b] 0-255 from '#rgb', '#rrggbb', '#rrggbbaa' or 'rgb(r, g, b)'; null otherwise. */
export function parseColor(value: string | null | undefined): [number, number, number] | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  let m = /^#([0-9a-f]{3})$/.exec(v);
  if (m) return [0, 1, 2].map((i) => parseInt(m![1][i] + m![1][i], 16)) as [number, number, number];
  m = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/.exec(v);
  if (m) return [0, 2, 4].map((i) => parseInt(m![1].slice(i, i + 2), 16)) as [number, number, number];
  m = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(v);
  if (m) {
    const rgb = [m[1], m[2], m[3]].map(Number);
    if (rgb.every((c) => c <= 255)) return rgb as [number, number, number];
  }
  return null;
}

/** WCAG relative luminance. */
export function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio between two colours (1 to 21); null if either cannot be parsed. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = parseColor(a);
  const cb = parseColor(b);
  if (!ca || !cb) return null;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour (near-black or white) with the higher contrast on `background`. */
export function readableTextColor(background: string | null | undefined): string | undefined {
  if (!parseColor(background)) return undefined;
  const dark = contrastRatio(background!, DARK_TEXT) ?? 0;
  const light = contrastRatio(background!, LIGHT_TEXT) ?? 0;
  return dark >= light ? DARK_TEXT : LIGHT_TEXT;
}

/** Inline style for a data-coloured surface with readable text; {} for unknown colours. */
export function colorStyle(background: string | null | undefined): { backgroundColor?: string; color?: string } {
  const text = readableTextColor(background);
  return text ? { backgroundColor: background!, color: text } : {};
}
