import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { NETWORK_LOST, TITLE_TOO_LONG, UNEXPECTED } from '../providers/frenchErrors';
import { describeSaveError, isStaleVersion } from './saveErrors';
import { scheduleError, SCHEDULE_MISSING, SCHEDULE_PAST } from './schedule';

describe('a refused save', () => {
  const stale = { code: 'PT409', details: 'stale_version', message: 'article x was saved by someone else since version 3', hint: 'Reload' };
  it('is recognised as stale from react-admin’s HttpError (PostgREST’s body) or a supabase-js error', () => {
    expect(isStaleVersion(new HttpError(stale.message, 409, stale))).toBe(true);
    expect(isStaleVersion(stale)).toBe(true);
    // A 409 for a duplicate slug is another refusal.
    expect(isStaleVersion(new HttpError('duplicate key', 409, { code: '23505' }))).toBe(false);
    expect(isStaleVersion(null)).toBe(false);
  });
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());
  it('is told in French, never in the server’s words', () => {
    expect(describeSaveError(new HttpError('duplicate key value', 409, { code: '23505' }))).toMatch(/slug est déjà utilisé/);
    const tooLong = 'new row for relation "articles" violates check constraint "articles_title_check"';
    expect(describeSaveError(new HttpError(tooLong, 400, { code: '23514', message: tooLong }))).toBe(TITLE_TOO_LONG);
    expect(describeSaveError(new TypeError('Failed to fetch'))).toBe(NETWORK_LOST);
    expect(describeSaveError(new Error('Something broke'))).toBe(UNEXPECTED);
    expect(describeSaveError({})).toBe(UNEXPECTED);
    expect(console.error).toHaveBeenCalled();
  });
  it('explains the « Vrai ou faux » refusals in French, before the byline’s', () => {
    const unverified = { code: '23514', details: 'fact_check_unverified', message: 'a fact-check goes out « Vérifié par »…' };
    expect(describeSaveError(new HttpError(unverified.message, 400, unverified))).toMatch(/second membre de la rédaction/);
    const notSelf = { code: '42501', details: 'checker_not_self', message: 'a fact-check is signed by its checker alone' };
    expect(describeSaveError(notSelf)).toMatch(/de son propre nom/);
  });
  it('explains the byline refusals in French', () => {
    const notMember = { code: '23514', details: 'author_not_newsroom', message: 'the author must be a member of the newsroom' };
    expect(describeSaveError(new HttpError(notMember.message, 400, notMember))).toMatch(/ne fait pas partie de la rédaction/);
    expect(describeSaveError(notMember)).toMatch(/ne fait pas partie de la rédaction/);
    expect(describeSaveError(new HttpError('new row violates row-level security policy', 403, { code: '42501' }))).toMatch(
      /seul un administrateur publie, programme ou signe/,
    );
  });
});

describe('the schedule', () => {
  const now = Date.parse('2026-12-02T06:00:00Z');
  it('needs a moment still to come when the article is Programmé', () => {
    expect(scheduleError(null, 'scheduled', now)).toBe(SCHEDULE_MISSING);
    expect(scheduleError('2026-12-02T05:59:00.000Z', 'scheduled', now)).toBe(SCHEDULE_PAST);
    expect(scheduleError('2026-12-02T06:00:00.000Z', 'scheduled', now)).toBe(SCHEDULE_PAST);
    expect(scheduleError('2026-12-02T06:00:20.000Z', 'scheduled', now)).toBeUndefined();
  });
  it('is ignored for the other statuses', () => {
    expect(scheduleError(null, 'draft', now)).toBeUndefined();
    expect(scheduleError('2020-01-01T00:00:00.000Z', 'published', now)).toBeUndefined();
  });
});
