import { describe, expect, it } from 'vitest';
import { followOwnWrite } from './baseVersion';

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
