import { describe, expect, it } from 'vitest';
import { readEnv } from './siteEnv';

describe('readEnv: the newsroom time zone', () => {
  it('is absent when not set, so the page falls back to the build’s value, else UTC', () => {
    expect(readEnv({})).not.toHaveProperty('newsroomTimeZone');
    expect(readEnv({ VITE_NEWSROOM_TIME_ZONE: '  ' })).not.toHaveProperty('newsroomTimeZone');
  });
  it('is the IANA name given', () => {
    expect(readEnv({ VITE_NEWSROOM_TIME_ZONE: 'Africa/Lagos' }).newsroomTimeZone).toBe('Africa/Lagos');
  });
  it('refuses a name the runtime does not know, saying which setting to fix', () => {
    expect(() => readEnv({ VITE_NEWSROOM_TIME_ZONE: 'Afrique/Dakar' })).toThrow(/VITE_NEWSROOM_TIME_ZONE .*"Afrique\/Dakar"/);
  });
});
