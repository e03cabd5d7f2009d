import { describe, expect, it } from 'vitest';
import { pinNationalities, telCodeMenu } from './reference-lists.ts';

describe('reference lists', () => {
  it('pins six nationalities first, in order, keeping the rest as given', () => {
    expect(
      pinNationalities(['Australia', 'taiwan', 'China', 'Malaysia', 'Singapore', 'Brunei']),
    ).toEqual(['Singapore', 'Malaysia', 'taiwan', 'Australia', 'China', 'Brunei']);
    const options = [{ name: 'Japan' }, { name: 'India' }];
    expect(pinNationalities(options, (o) => o.name)).toEqual([
      { name: 'India' },
      { name: 'Japan' },
    ]);
  });
  it('puts the default code first and skips empty codes', () => {
    const options = [
      { code: '60', name: 'Malaysia' },
      { code: '', name: 'Unknown' },
      { code: '65', name: 'Singapore' },
    ];
    expect(telCodeMenu(options, '65')).toEqual({
      defaultOption: { code: '65', name: 'Singapore' },
      others: [{ code: '60', name: 'Malaysia' }],
    });
    expect(telCodeMenu(options, null).defaultOption).toBeNull();
    expect(telCodeMenu(options, null).others).toHaveLength(2);
  });
});
