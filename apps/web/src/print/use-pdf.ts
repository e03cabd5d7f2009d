import type { PrintDocument } from '@clinic/print';
import { useEffect, useState } from 'react';

export interface RenderedPdf {
  pdf: Blob;
  /** An object URL of `pdf`, revoked when the document changes or the user leaves. */
  url: string;
  document: PrintDocument;
}

/**
 * Renders a document to PDF when it is given (or changes): loads the PDF library lazily.
 * `source` is the document, a function that loads it, or null while its data loads.
 */
export function usePdf(source: PrintDocument | (() => Promise<PrintDocument>) | null): {
  rendered: RenderedPdf | null;
  error: string | null;
} {
  const [state, setState] = useState<{
    for: typeof source;
    rendered: RenderedPdf | null;
    error: string | null;
  } | null>(null);
  useEffect(() => {
    if (!source) return undefined;
    let live = true;
    let url: string | null = null;
    const load = async () => {
      const document = typeof source === 'function' ? await source() : source;
      const { renderPdfBlob } = await import('./pdf-render.ts');
      const pdf = await renderPdfBlob(document);
      if (!live) return;
      url = URL.createObjectURL(pdf);
      setState({ for: source, rendered: { pdf, url, document }, error: null });
    };
    load().catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (live) setState({ for: source, rendered: null, error: message });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [source]);
  const current = state?.for === source ? state : null;
  return { rendered: current?.rendered ?? null, error: current?.error ?? null };
}
