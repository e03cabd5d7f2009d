import { MantineProvider } from '@mantine/core';
import { createRoot, type Root } from 'react-dom/client';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { PrintPreviewDialog } from './PrintPreviewDialog.tsx';
import type { PrintPreviewRequest } from './preview.ts';

let root: Root | null = null;
let shownCount = 0;

/**
 * Shows the print preview in a React root of its own (the app's providers are not
 * needed: the dialog uses Mantine, the shared i18n instance and the API client only).
 * A new request replaces the one shown.
 */
export function showPrintPreview(request: PrintPreviewRequest): void {
  if (!root) {
    const container = document.createElement('div');
    container.className = 'print-preview-root';
    document.body.append(container);
    root = createRoot(container);
  }
  const shown = root;
  shownCount += 1;
  const close = () => shown.render(null);
  shown.render(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <PrintPreviewDialog key={shownCount} request={request} onClose={close} />
    </MantineProvider>,
  );
}
