import type { PrintDocument } from '@clinic/print';

/**
 * The print preview any feature opens: `openPrintPreview({ title, document })`. The
 * document is data (`PrintDocument`, a type only here: nothing of the PDF library loads
 * with the caller); `document` may be a function that loads it (the report header, the
 * record) while the preview shows that it is preparing. The dialog, its React root and
 * the PDF library load when a preview is first opened: no page carries them.
 */
export interface PrintPreviewRequest {
  title: string;
  document: PrintDocument | (() => Promise<PrintDocument>);
  /** The saved file's name; from the title when not given. */
  fileName?: string;
}

export function openPrintPreview(request: PrintPreviewRequest): Promise<void> {
  return import('./preview-root.tsx').then(({ showPrintPreview }) => showPrintPreview(request));
}
