// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatPublished } from '@/lib/dates';
import { PublishedTime } from './PublishedTime';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('formatPublished: relative for the last 24 hours, the long date after', () => {
  it("says « à l'instant », minutes, then hours, up to the 24th hour", () => {
    expect(formatPublished(ago(0), NOW)).toBe("à l'instant");
    expect(formatPublished(ago(59_999), NOW)).toBe("à l'instant");
    expect(formatPublished(ago(MIN), NOW)).toBe('il y a 1 min');
    expect(formatPublished(ago(59 * MIN + 59_999), NOW)).toBe('il y a 59 min');
    expect(formatPublished(ago(60 * MIN), NOW)).toBe('il y a 1 h');
    expect(formatPublished(ago(24 * 60 * MIN - 1), NOW)).toBe('il y a 23 h');
  });

  it('gives the long date from 24 hours on, far in the future, and without a now (server, hydration)', () => {
    expect(formatPublished(ago(24 * 60 * MIN), NOW)).toBe('25 novembre 2026');
    expect(formatPublished(ago(-10 * MIN), NOW)).toBe('26 novembre 2026');
    expect(formatPublished(ago(-4 * MIN), NOW)).toBe("à l'instant");
    expect(formatPublished(ago(5 * MIN), null)).toBe('26 novembre 2026');
    expect(formatPublished(null, NOW)).toBe('');
    expect(formatPublished('pas une date', NOW)).toBe('');
  });
});

describe('PublishedTime', () => {
  it('renders the long date on the server, hydrates it without a mismatch, then says how long ago', async () => {
    const published = new Date(Date.now() - 2 * 60 * MIN - MIN).toISOString();
    const html = renderToString(<PublishedTime value={published} />);
    expect(html).toContain(`dateTime="${published}"`);
    expect(html).toMatch(/>\d{1,2} \w+ \d{4}</);
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <PublishedTime value={published} />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('time')?.textContent).toBe('il y a 2 h');
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe(published);
  });
});
