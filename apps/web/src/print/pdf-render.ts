import { documentElement, registerFonts, type PrintDocument } from '@clinic/print';
import regular from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?url';
import bold from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff?url';
import { pdf, type DocumentProps } from '@react-pdf/renderer';
import type { ReactElement } from 'react';

/**
 * The PDF of a document in the browser: the same definition (`@clinic/print`) the server
 * renders. This module pulls in the PDF library: load it lazily (`import()`), never from
 * a page's first chunk. The font files are served with the app (Vite copies them).
 */
export async function renderPdfBlob(document: PrintDocument): Promise<Blob> {
  registerFonts({ regular, bold });
  return pdf(documentElement(document) as ReactElement<DocumentProps>).toBlob();
}
