import { describe, expect, it } from 'vitest';
import { classifyPgError } from './database-error.ts';

describe('classifyPgError', () => {
  it.each([
    ['23505', 'unique_violation'], ['23503', 'foreign_key_violation'], ['23514', 'check_violation'],
    ['23502', 'check_violation'], ['22001', 'check_violation'], ['22P02', 'check_violation'], ['22003', 'check_violation'],
    ['22021', 'check_violation'], ['22P05', 'check_violation'],
    ['42501', 'insufficient_privilege'], ['57014', 'timeout'], ['57P01', 'unavailable'], ['08006', 'unavailable'],
    ['ECONNREFUSED', 'unavailable'], ['CONNECTION_CLOSED', 'unavailable'], ['42P01', 'other'],
  ])('SQLSTATE %s → %s', (code, kind) => {
    expect(classifyPgError(Object.assign(new Error('x'), { code }))).toBe(kind);
  });

  it('treats values without a code as other', () => {
    for (const value of [null, undefined, 'boom', new Error('plain'), {}]) expect(classifyPgError(value)).toBe('other');
  });
});
