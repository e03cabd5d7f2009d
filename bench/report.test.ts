import { describe, expect, it } from 'vitest';
import { markedSections, withKeptSections } from './report.ts';

const web = [
  '<!-- web-delivery:start -->',
  '',
  '## Web delivery',
  '',
  '| build | LCP |',
  '| ----- | --- |',
  '| after | 2 s |',
  '',
  '<!-- web-delivery:end -->',
].join('\n');

const snomed = [
  '<!-- snomed-search:start -->',
  '',
  '## SNOMED CT search',
  '',
  'Written by hand.',
  '',
  '<!-- snomed-search:end -->',
].join('\n');

const previous = [
  '# Benchmarks',
  '',
  'Old figures, written again by this run.',
  '',
  web,
  '',
  snomed,
  '',
].join('\n');

describe('the report keeps the sections others write', () => {
  it('finds every marked section of the previous file, in order', () => {
    expect(markedSections(previous)).toEqual([web, snomed]);
  });

  it('follows the new report with each of them as it was, and drops the old figures', () => {
    const text = withKeptSections('# Benchmarks\n\nNew figures.', previous);
    expect(text).toBe(`# Benchmarks\n\nNew figures.\n\n${web}\n\n${snomed}\n`);
    expect(text).not.toContain('Old figures');
  });

  it('keeps a section only with its own end marker', () => {
    const unfinished = `${web}\n\n<!-- snomed-search:start -->\n\nNo end.\n<!-- other:end -->\n`;
    expect(markedSections(unfinished)).toEqual([web]);
  });

  it('writes the report alone when the previous file has no marked section (or none)', () => {
    expect(withKeptSections('# Benchmarks', '# Benchmarks\n\nOld.')).toBe('# Benchmarks');
    expect(withKeptSections('# Benchmarks', '')).toBe('# Benchmarks');
  });
});
