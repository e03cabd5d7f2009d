/**
 * Print sizes of doc 3 section 2.1, in PDF points (1 pt = 1/72 in = 25.4/72 mm).
 *
 * A4: the spec's A4 "is 210 x 274 mm". We print on A4 paper (210 x 297 mm, so any office
 * printer takes it without scaling) and keep every A4 document inside a 210 x 274 mm print
 * area: 11.5 mm top and bottom margins (297 - 274 = 23 mm), the 274 mm being the height a
 * document lays out in. The sides keep 12 mm of white inside the 210 mm width.
 */
export const MM = 72 / 25.4;

export const mm = (millimetres: number): number => Math.round(millimetres * MM * 100) / 100;

/** [width, height] in points. */
export type PageSize = readonly [number, number];

export const PAGE_SIZES = {
  /** A4 paper, 210 x 297 mm (595.28 x 841.89 pt). */
  a4: [mm(210), mm(297)],
  /** A5, 148 x 210 mm. */
  a5: [mm(148), mm(210)],
  /** Patient and medication labels, 76 x 35 mm (215.43 x 99.21 pt). */
  label76x35: [mm(76), mm(35)],
  label65x34_6: [mm(65), mm(34.6)],
  label76x36: [mm(76), mm(36)],
} as const satisfies Record<string, PageSize>;

/** The A4 print area of the spec: 210 x 274 mm, centred vertically on the page. */
export const A4_PRINT_AREA = { width: mm(210), height: mm(274) } as const;

/** Page padding that leaves the A4 print area: 11.5 mm top and bottom, 12 mm each side. */
export const A4_PAGE_PADDING = {
  paddingTop: mm(11.5),
  paddingBottom: mm(11.5),
  paddingLeft: mm(12),
  paddingRight: mm(12),
} as const;
