import { describe, expect, it } from 'vitest';
import { purgeLine } from './purgeLine';

const status = { failing: 0, late: 0, last_error: null };

describe('the dashboard line about CDN purges', () => {
  it('says nothing when all is well (or not known)', () => {
    expect(purgeLine(status)).toBeNull();
    expect(purgeLine(null)).toBeNull();
  });

  it('counts the failing ones with the last error first', () => {
    expect(purgeLine({ ...status, failing: 3, late: 3, last_error: 'Cloudflare: HTTP 403' })).toBe(
      'Purges CDN en échec : 3 — dernière erreur : Cloudflare: HTTP 403',
    );
  });

  it('then the late ones', () => {
    expect(purgeLine({ ...status, late: 2 })).toBe('Purges CDN en retard : 2 (en attente depuis plus de 30 secondes)');
  });
});
