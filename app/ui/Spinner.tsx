import { furniture } from "../lib/messages/furniture";

export interface SpinnerProps {
  /** What is happening, e.g. 'Eliminando documento...'. Announced; visible only with `showLabel`. */
  label: string;
  /** Show the label next to the spinner. */
  showLabel?: boolean;
  size?: "sm" | "md" | "lg";
  className?: string;
}

/** A spinning indicator inside a role="status" live region. */
export function Spinner({ label, showLabel = false, size = "md", className }: SpinnerProps) {
  return (
    <span role="status" className={["spinner", `spinner--${size}`, className].filter(Boolean).join(" ")}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className={showLabel ? "spinner__label" : "visually-hidden"}>{label}</span>
    </span>
  );
}

/** Full-area loading block: 'Estamos cargando la información...' (or `label`). */
export function LoadingScreen({ label = furniture.loading }: { label?: string }) {
  return (
    <div className="loading-screen" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <p className="loading-screen__text">{label}</p>
    </div>
  );
}
