import { describe, expect, it } from 'vitest';
import { wordpressLocation, wordpressPath } from './wordpressAddresses';

// Which requests may be old WordPress addresses (issue 31): only those are looked up.

const at = (address: string) => new URL(address, 'https://site.test');

describe('old WordPress addresses', () => {
  it('looks up ?p=<id> and slash-ended paths (lower case), never the reader’s own addresses', () => {
    expect(wordpressPath(at('/?p=42'))).toBe('/?p=42');
    expect(wordpressPath(at('/?p=abc'))).toBeNull();
    expect(wordpressPath(at('/'))).toBeNull();
    expect(wordpressPath(at('/2024/03/15/Sommet-De-Dakar/'))).toBe('/2024/03/15/sommet-de-dakar/');
    expect(wordpressPath(at('/article/sommet-de-dakar'))).toBeNull();
    expect(wordpressPath(at('/category/politique'))).toBeNull();
  });

  it('leads WordPress feeds to ours without asking the database, and a found post to its article', async () => {
    const never = () => Promise.reject(new Error('no lookup expected'));
    expect(await wordpressLocation(at('/feed/'), never)).toBe('/rss.xml');
    expect(await wordpressLocation(at('/?feed=rss2'), never)).toBe('/rss.xml');
    expect(await wordpressLocation(at('/category/sport/feed/'), never)).toBe('/category/sport/rss.xml');
    expect(await wordpressLocation(at('/article/x'), never)).toBeNull();
    const lookup = async (path: string) => (path === '/?p=42' ? 'sommet-de-dakar' : null);
    expect(await wordpressLocation(at('/?p=42'), lookup)).toBe('/article/sommet-de-dakar');
    expect(await wordpressLocation(at('/inconnu/'), lookup)).toBeNull();
  });
});
