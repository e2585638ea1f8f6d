import { describe, expect, it } from 'vitest';
import { escapeXml, jsonForScript } from './html';
import { siteOrigin } from './origin';

describe('SITE_URL', () => {
  it('is the origin, without a trailing slash; localhost on the port when unset', () => {
    expect(siteOrigin('https://www.afrique-actu.example/', 3000)).toBe('https://www.afrique-actu.example');
    expect(siteOrigin(undefined, 4321)).toBe('http://localhost:4321');
  });

  it('refuses an address the links could not be built on, saying what is expected', () => {
    for (const bad of [
      'www.afrique-actu.example',
      'ftp://afrique-actu.example',
      'https://afrique-actu.example/actu',
      'https://x.example/?a=1',
    ])
      expect(() => siteOrigin(bad, 3000), bad).toThrow(/SITE_URL must be/);
  });
});

describe('escaping', () => {
  it('XML keeps no markup and drops the control characters XML cannot carry', () => {
    expect(escapeXml('Dakar <b>& "Abidjan"\u0007\u000b\n')).toBe('Dakar &lt;b&gt;&amp; &quot;Abidjan&quot;\n');
  });

  it('JSON inside a script element cannot close it or start a comment', () => {
    const text = jsonForScript({ t: '</script><script>alert(1)</script><!--' });
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(text)).toEqual({ t: '</script><script>alert(1)</script><!--' });
  });
});
