import { Font } from '@react-pdf/renderer';

/** The one font of every printout: Noto Sans (latin), embedded and subset by the renderer. */
export const FONT_FAMILY = 'Noto Sans';

/** Where the font files are: file paths on the server, URLs in the browser. */
export interface FontFiles {
  regular: string;
  bold: string;
}

let registered = false;

/**
 * Registers the font once per process or page. The files come from `@fontsource/noto-sans`
 * (its latin subset, WOFF, which the renderer reads); nothing is fetched from the network.
 * Words are not hyphenated: names and ID numbers must print as they are.
 */
export function registerFonts(files: FontFiles): void {
  if (registered) return;
  Font.register({
    family: FONT_FAMILY,
    fonts: [
      { src: files.regular, fontWeight: 400 },
      { src: files.bold, fontWeight: 700 },
    ],
  });
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

/** The font files of `@fontsource/noto-sans`, as package paths (resolve them per runtime). */
export const FONT_MODULES = {
  regular: '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff',
  bold: '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff',
} as const;
