import { furniture } from "../lib/messages/furniture";

/** The one announced part of a skeleton: a visually hidden 'Estamos cargando la información...'. */
function LoadingStatus() {
  return (
    <p role="status" className="visually-hidden">
      {furniture.loading}
    </p>
  );
}

const range = (n: number) => Array.from({ length: Math.max(0, Math.floor(n)) }, (_, i) => i);

/** Placeholder cards for the procedures tray. Props: `count` (default 6). */
export function SkeletonCards({ count = 6 }: { count?: number }) {
  return (
    <div className="skeleton-group">
      <LoadingStatus />
      <div className="skeleton-cards card-grid" aria-hidden="true">
        {range(count).map((i) => (
          <div key={i} className="skeleton-card">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
            <span className="skeleton skeleton--button" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Placeholder tabs. Props: `count` (default 4). */
export function SkeletonTabs({ count = 4 }: { count?: number }) {
  return (
    <div className="skeleton-group">
      <LoadingStatus />
      <div className="skeleton-tabs" aria-hidden="true">
        {range(count).map((i) => (
          <span key={i} className="skeleton skeleton--tab" />
        ))}
      </div>
    </div>
  );
}

/** Placeholder list rows (catalogue, tables). Props: `count` (default 14). */
export function SkeletonRows({ count = 14 }: { count?: number }) {
  return (
    <div className="skeleton-group">
      <LoadingStatus />
      <div className="skeleton-rows" aria-hidden="true">
        {range(count).map((i) => (
          <span key={i} className="skeleton skeleton--row" />
        ))}
      </div>
    </div>
  );
}
