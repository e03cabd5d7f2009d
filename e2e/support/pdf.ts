import { type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * Keeps every PDF the page makes (a preview, printed copies) on `window.pdfs`, to read back,
 * and counts the print dialogs asked for on `window.printed`. The print dialog is the
 * browser's and the system's, not ours: headless Chromium has no PDF viewer, and asking it
 * to print a PDF frame crashes the page, so the print frame's `print()` is only counted.
 */
export async function capturePdfs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const pdfs: Blob[] = [];
    const seen = window as unknown as { pdfs: Blob[]; printed: number };
    seen.pdfs = pdfs;
    seen.printed = 0;
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      if (object instanceof Blob && object.type === 'application/pdf') pdfs.push(object);
      return create(object);
    };
    const contentWindow = Object.getOwnPropertyDescriptor(
      HTMLIFrameElement.prototype,
      'contentWindow',
    )!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      get(this: HTMLIFrameElement) {
        const frameWindow = contentWindow.get!.call(this) as Window | null;
        if (!frameWindow || !this.classList.contains('print-frame')) return frameWindow;
        return { focus: () => undefined, print: () => (seen.printed += 1) };
      },
    });
  });
}

/** How many print dialogs the page asked for (see `capturePdfs`). */
export function printDialogs(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { printed: number }).printed);
}

/** The text and page sizes (points) of the `index`th PDF the page made (see `capturePdfs`). */
export async function pdfText(page: Page, index: number) {
  const handle = await page.waitForFunction(
    (at) => (window as unknown as { pdfs: Blob[] }).pdfs[at],
    index,
  );
  // As base64 text: one string crosses to the test, not an array of every byte as a number.
  const base64 = await handle.evaluate(
    (pdf: Blob) =>
      new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve((reader.result as string).replace(/^data:[^,]*,/, ''));
        reader.onerror = () => reject(reader.error ?? new Error('The PDF could not be read'));
        reader.readAsDataURL(pdf);
      }),
  );
  const document = await getDocumentProxy(new Uint8Array(Buffer.from(base64, 'base64')));
  const pages = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const [, , width = 0, height = 0] = (await document.getPage(number)).view;
    pages.push([Number(width.toFixed(2)), Number(height.toFixed(2))]);
  }
  const { text } = await extractText(document, { mergePages: true });
  return { pages, text };
}
