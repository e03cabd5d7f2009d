import sanitizeHtml from 'sanitize-html';

/**
 * The footer HTML a branch may keep and print: an allow-list (sanitize-html) of text
 * blocks and emphasis, with no attributes at all, so no script, event handler, style, link
 * or image survives; the text of script and style elements goes with them. Applied when
 * a footer is saved and again when one is answered.
 */
export const FOOTER_TAGS = [
  'p',
  'div',
  'br',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'small',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
] as const;

export function sanitizeFooterHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...FOOTER_TAGS],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  }).trim();
}
