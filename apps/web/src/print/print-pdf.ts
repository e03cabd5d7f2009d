/**
 * Printing and saving a PDF: the very file the preview shows, so what prints is what was
 * seen (page size included: the PDF carries it).
 */

let printFrame: HTMLIFrameElement | null = null;

/** Prints a PDF through a hidden frame (the browser's PDF viewer prints it at its size). */
export function printPdf(pdf: Blob): void {
  printFrame?.remove();
  const url = URL.createObjectURL(pdf);
  const frame = document.createElement('iframe');
  frame.className = 'print-frame';
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
  frame.addEventListener(
    'load',
    () => {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    },
    { once: true },
  );
  frame.src = url;
  document.body.append(frame);
  printFrame = frame;
  // The frame stays while the print dialog may still read it; the next print replaces it.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves a PDF under `fileName` (the browser's download). */
export function downloadPdf(pdf: Blob, fileName: string): void {
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.pdf') ? fileName : `${fileName}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name from a title: letters, digits, dashes. */
export function pdfFileName(title: string): string {
  const name = title
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${name || 'document'}.pdf`;
}
