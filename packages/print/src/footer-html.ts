/**
 * A footer's HTML (the server's sanitised printer footer) as lines of styled runs the PDF
 * draws: block tags (p, div, li, headings, br) break lines, b/strong bold, i/em italic,
 * u underlined; any other tag is dropped with its attributes, keeping its text, and the
 * text of script and style goes too. The PDF never runs anything: this only reads words.
 */
export interface FooterRun {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
}
export type FooterLine = FooterRun[];

const BLOCKS = new Set(['p', 'div', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'br']);
const HIDDEN = new Set(['script', 'style', 'textarea', 'noscript', 'template']);
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function footerLines(html: string): FooterLine[] {
  const lines: FooterLine[] = [];
  let line: FooterLine = [];
  const open = { b: 0, i: 0, u: 0 };
  let hidden = 0;
  const breakLine = () => {
    if (line.some((run) => run.text.trim() !== '')) lines.push(line);
    line = [];
  };
  for (const token of html.split(/(<[^>]*>)/)) {
    const tag = /^<\s*(\/)?\s*([a-z0-9]+)/i.exec(token);
    if (tag) {
      const name = tag[2]!.toLowerCase();
      const step = tag[1] ? -1 : 1;
      if (HIDDEN.has(name)) hidden = Math.max(0, hidden + step);
      else if (BLOCKS.has(name)) breakLine();
      else if (name === 'b' || name === 'strong') open.b = Math.max(0, open.b + step);
      else if (name === 'i' || name === 'em') open.i = Math.max(0, open.i + step);
      else if (name === 'u') open.u = Math.max(0, open.u + step);
      continue;
    }
    if (token.startsWith('<') || hidden > 0) continue;
    const text = decode(token.replace(/\s+/g, ' '));
    if (text === '') continue;
    line.push({ text, bold: open.b > 0, italic: open.i > 0, underline: open.u > 0 });
  }
  breakLine();
  return lines;
}
