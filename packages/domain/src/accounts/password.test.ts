import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password.ts';

describe('password strength', () => {
  it('accepts 10+ characters with a letter and a digit', () => {
    expect(passwordProblem('Sunrise-clinic-42')).toBeNull();
    expect(passwordProblem('abcdefghi1')).toBeNull();
  });
  it.each([
    ['short1', 'The password must be at least 10 characters.'],
    ['x'.repeat(120) + '1'.repeat(9), 'The password must be at most 128 characters.'],
    ['onlyletters-here', 'The password must contain at least one letter and one digit.'],
    ['1234567890123', 'The password must contain at least one letter and one digit.'],
    ['Password123', 'This password is too common. Please choose another one.'],
  ])('refuses %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
  it('refuses a password holding the username', () => {
    expect(passwordProblem('grace-2026-clinic', 'grace@sunrise.sg')).toBe(
      'The password must not contain your username.',
    );
    expect(passwordProblem('sunrise-2026-clinic', 'grace@sunrise.sg')).toBeNull();
  });
});
