import type { ReactNode } from 'react';

/** A page's heading with what goes beside it (its buttons, a note), wrapping under it on narrow screens. */
export function PageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3">
      <h1 className="h2 mb-0">{title}</h1>
      {children}
    </div>
  );
}
