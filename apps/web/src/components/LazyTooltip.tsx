import { lazy, Suspense, type ReactElement } from 'react';

// Mantine's Tooltip brings the floating-ui positioning library (about 18 kB compressed).
// A hint is not needed to show a page, so pages that load early (sign-in) take it from
// its own chunk once they are on screen; until then the child shows without the hint.
const Tooltip = lazy(() => import('./tooltip-chunk.ts'));

/** Mantine's Tooltip, loaded after the page has rendered. */
export function LazyTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip label={label}>{children}</Tooltip>
    </Suspense>
  );
}
