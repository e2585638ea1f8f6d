import { describe, expect, it } from 'vitest';
import { effectiveState } from './types';

describe('effectiveState', () => {
  const now = Date.parse('2026-12-17T21:00:00Z');
  it('reads an open or paused coverage left twelve hours without an entry as closed, as readers and live_post do', () => {
    expect(effectiveState({ state: 'open', active_at: '2026-12-17T08:59:00Z' }, now)).toBe('closed');
    expect(effectiveState({ state: 'paused', active_at: '2026-12-17T08:59:00Z' }, now)).toBe('closed');
  });
  it('keeps the stored state within the twelve hours, and a closed one closed', () => {
    expect(effectiveState({ state: 'open', active_at: '2026-12-17T09:01:00Z' }, now)).toBe('open');
    expect(effectiveState({ state: 'paused', active_at: '2026-12-17T20:00:00Z' }, now)).toBe('paused');
    expect(effectiveState({ state: 'closed', active_at: '2026-12-17T20:00:00Z' }, now)).toBe('closed');
  });
});
