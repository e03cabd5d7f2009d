import { Fragment, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import './labels.css';

/** While a label job prints: the label page size, and nothing but the labels on paper. */
const PRINT_JOB_STYLE = `
@page { size: 76mm 35mm; margin: 0; }
@media print { body > *:not(.label-print-root) { display: none !important; } }
`;

/**
 * Prints `copies` of a label: renders them into a print-only container, opens the
 * browser's print dialog, and removes the container once printing is over.
 */
export function printLabels(label: ReactElement, copies: number): void {
  const container = document.createElement('div');
  container.className = 'label-print-root';
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <>
        <style>{PRINT_JOB_STYLE}</style>
        {Array.from({ length: copies }, (_, copy) => (
          <Fragment key={copy}>{label}</Fragment>
        ))}
      </>,
    ),
  );
  window.addEventListener(
    'afterprint',
    () => {
      root.unmount();
      container.remove();
    },
    { once: true },
  );
  window.print();
}
