import { describe, expect, it } from 'vitest';
import { followOwnWrite, TrackedVersion } from './baseVersion';

describe('the version the editor’s text is based on', () => {
  it('follows the editor’s own image change (one version up)', () => {
    const base = { current: 4 };
    followOwnWrite(base, 5);
    expect(base.current).toBe(5);
  });
  it('stays put when a colleague saved in between, so the next save is refused', () => {
    const base = { current: 4 };
    followOwnWrite(base, 6);
    expect(base.current).toBe(4);
  });
  it('knows nothing before the article is loaded', () => {
    const base = { current: null };
    followOwnWrite(base, 2);
    expect(base.current).toBeNull();
  });
});

describe('TrackedVersion', () => {
  it('tells its followers when the base moves (a load, a save, the editor’s own image change), not otherwise', () => {
    const base = new TrackedVersion();
    const seen: (number | null)[] = [];
    const stop = base.subscribe(() => seen.push(base.current));
    base.current = 3;
    base.current = 3;
    followOwnWrite(base, 4);
    followOwnWrite(base, 6);
    expect(base.current).toBe(4);
    expect(seen).toEqual([3, 4]);
    stop();
    base.current = 7;
    expect(seen).toEqual([3, 4]);
  });
});
