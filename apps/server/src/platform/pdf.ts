import { documentElement, FONT_MODULES, registerFonts, type PrintDocument } from '@clinic/print';
import { renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import { fileURLToPath } from 'node:url';
import type { ReactElement } from 'react';

/** The font files from `@fontsource/noto-sans` in node_modules: no network. */
function fontFiles() {
  return {
    regular: fileURLToPath(import.meta.resolve(FONT_MODULES.regular)),
    bold: fileURLToPath(import.meta.resolve(FONT_MODULES.bold)),
  };
}

/**
 * A printable document as a PDF file: the same definition the web's print preview shows
 * (`@clinic/print`): mail attachments (the referral letter), tests; stored copies later.
 */
export async function renderPdf(document: PrintDocument): Promise<Buffer> {
  registerFonts(fontFiles());
  return renderToBuffer(documentElement(document) as ReactElement<DocumentProps>);
}

/** A stored image as the data: URI a document's logo takes (react-pdf reads PNG and JPEG). */
export function imageDataUri(bytes: Uint8Array, contentType: string): string {
  return `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`;
}
