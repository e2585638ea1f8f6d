import { describe, expect, it } from 'vitest';
import { correctionsClosedReason, describeCorrectionError, NOTE_MAX_LENGTH, validateCorrection } from './corrections';

const now = new Date('2026-12-02T10:00:00Z');

describe('correctionsClosedReason', () => {
  it('is open exactly when readers see the article, and explains why drafts and scheduled articles take none', () => {
    expect(correctionsClosedReason({ status: 'published', published_at: '2026-12-01T08:00:00Z' }, now)).toBeNull();
    expect(correctionsClosedReason({ status: 'scheduled', published_at: '2026-12-02T10:00:00Z' }, now)).toBeNull();
    expect(correctionsClosedReason({ status: 'scheduled', published_at: '2026-12-02T10:00:01Z' }, now)).toMatch(/programmé/);
    // Stamped by the server's clock a moment ahead of this one: still public.
    expect(correctionsClosedReason({ status: 'published', published_at: '2026-12-02T10:00:02Z' }, now)).toBeNull();
    expect(correctionsClosedReason({ status: 'draft' }, now)).toMatch(/brouillon/);
    expect(correctionsClosedReason({ status: 'scheduled', published_at: '2026-12-03T06:00:00Z' }, now)).toMatch(/programmé/);
  });
});

describe('validateCorrection', () => {
  it('accepts a note with a date now or earlier', () => {
    expect(validateCorrection({ note: 'Le chiffre exact est 2 milliards.', correctedAt: now }, now)).toEqual({});
    expect(validateCorrection({ note: 'x', correctedAt: new Date('2026-01-01T00:00:00Z') }, now)).toEqual({});
  });

  it('requires a text of 1 to 2000 characters once trimmed, counted as PostgreSQL does', () => {
    expect(validateCorrection({ note: '   \n ', correctedAt: now }, now).note).toBe('Le texte de la correction est requis');
    expect(validateCorrection({ note: 'é'.repeat(NOTE_MAX_LENGTH), correctedAt: now }, now)).toEqual({});
    // 2000 emoji are 4000 UTF-16 units but 2000 characters for the database.
    expect(validateCorrection({ note: '📰'.repeat(NOTE_MAX_LENGTH), correctedAt: now }, now)).toEqual({});
    expect(validateCorrection({ note: 'a'.repeat(NOTE_MAX_LENGTH + 1), correctedAt: now }, now).note).toBe(
      'Le texte de la correction doit compter de 1 à 2 000 caractères (actuellement 2001).',
    );
  });

  it('refuses a missing, unreadable or future date', () => {
    expect(validateCorrection({ note: 'x', correctedAt: null }, now).correctedAt).toBe('La date de la correction est requise');
    expect(validateCorrection({ note: 'x', correctedAt: new Date('nope') }, now).correctedAt).toBe('La date de la correction est requise');
    expect(validateCorrection({ note: 'x', correctedAt: new Date(now.getTime() + 60_000) }, now).correctedAt).toBe(
      'La date de la correction ne peut pas être dans le futur',
    );
  });
});

describe('describeCorrectionError', () => {
  it('says in French why the database refused it, whatever shape the error has', () => {
    const rls = { code: '42501', message: 'new row violates row-level security policy for table "article_corrections"' };
    // react-admin's HttpError carries PostgREST's answer in body; supabase-js's error is that answer.
    for (const error of [rls, { message: rls.message, status: 403, body: rls }]) {
      const text = describeCorrectionError(error);
      expect(text).toMatch(/n'est plus visible des lecteurs/);
      expect(text).not.toMatch(/row-level security/);
    }
    expect(describeCorrectionError({ code: '23514', message: 'violates check constraint' })).toBe(
      "La correction n'a pas été ajoutée. Le texte de la correction doit compter de 1 à 2 000 caractères.",
    );
    expect(describeCorrectionError(new TypeError('Failed to fetch'))).toBe(
      "Impossible d'ajouter la correction. Connexion perdue : vérifiez votre connexion puis réessayez.",
    );
  });
});
