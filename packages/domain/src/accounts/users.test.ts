import { describe, expect, it } from 'vitest';
import { avatarInitials } from './users.ts';

describe('avatar initials', () => {
  it('takes the first letters of the first and the last name', () => {
    expect(avatarInitials({ firstName: 'Daniel', lastName: 'Goh' })).toBe('DG');
    expect(avatarInitials({ firstName: 'daniel wei', lastName: 'goh' })).toBe('DG');
    expect(avatarInitials({ firstName: ' j.', lastName: '(lim)' })).toBe('JL');
    expect(avatarInitials({ firstName: 'Ómar', lastName: 'Ávila' })).toBe('ÓÁ');
  });

  it('takes the first two letters of a name in one part', () => {
    expect(avatarInitials({ firstName: 'Grace', lastName: '' })).toBe('GR');
    expect(avatarInitials({ firstName: '', lastName: 'Ó' })).toBe('Ó');
    expect(avatarInitials({ firstName: '', lastName: '' })).toBe('');
  });
});
