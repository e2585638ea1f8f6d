import { describe, expect, it } from 'vitest';
import { EMBED_FRAME_ORIGINS, embedFrameSrc } from './embedFrames';
import { parseEmbedUrl } from './embeds';

const VIDEO = 'dQw4w9WgXcQ';
const POST = '1790000000000000000';

describe('parseEmbedUrl: the links that become embeds', () => {
  it('reads YouTube videos in their three forms, with or without www, on phones too', () => {
    for (const url of [
      `https://www.youtube.com/watch?v=${VIDEO}`,
      `https://youtube.com/watch?v=${VIDEO}&t=42s`,
      `https://m.youtube.com/watch?feature=share&v=${VIDEO}`,
      `https://youtu.be/${VIDEO}`,
      `https://youtu.be/${VIDEO}?si=abc`,
      `https://www.youtube.com/shorts/${VIDEO}`,
      `http://www.YouTube.com/watch?v=${VIDEO}`,
      `  https://youtu.be/${VIDEO}  `,
    ])
      expect(parseEmbedUrl(url), url).toMatchObject({ kind: 'youtube', id: VIDEO });
  });

  it('reads X and Twitter posts', () => {
    for (const url of [
      `https://x.com/Senegal_Actu/status/${POST}`,
      `https://twitter.com/senegal/status/${POST}?s=20`,
      `https://mobile.twitter.com/senegal/status/${POST}/`,
      `https://www.x.com/a/statuses/${POST}`,
    ])
      expect(parseEmbedUrl(url), url).toMatchObject({ kind: 'x', id: POST });
  });

  it('keeps the link as written, for the fallback link to the original', () => {
    expect(parseEmbedUrl(`https://youtu.be/${VIDEO}?t=3`)?.url).toBe(`https://youtu.be/${VIDEO}?t=3`);
  });

  it('refuses look-alike hosts, other sites, other pages of these sites and malformed ids', () => {
    for (const url of [
      `https://youtube.com.evil.example/watch?v=${VIDEO}`,
      `https://evil.example/watch?v=${VIDEO}`,
      `https://evil.example/?u=https://youtu.be/${VIDEO}`,
      `https://www.youtube.com/watch?v=${VIDEO}x`,
      `https://www.youtube.com/watch?v=${VIDEO.slice(1)}`,
      `https://www.youtube.com/watch?v=${VIDEO}&v=aaaaaaaaaaa`,
      `https://www.youtube.com/watch`,
      `https://www.youtube.com/embed/${VIDEO}`,
      `https://www.youtube.com/channel/UC${VIDEO}`,
      `https://youtu.be/${VIDEO}/extra`,
      `https://youtu.be/abc%2F..%2Fdef`,
      `https://youtu.be/dQw4w9WgX"Q`,
      `https://x.com/senegal`,
      `https://x.com/senegal/status/12ab`,
      `https://x.com/senegal/status/${POST}0`,
      `https://x.com/un_nom_bien_trop_long/status/${POST}`,
      `https://x.com/senegal/status/${POST}/photo/1`,
      `https://x.com.evil.example/senegal/status/${POST}`,
      `https://youtube.com./watch?v=${VIDEO}`,
    ])
      expect(parseEmbedUrl(url), url).toBeNull();
  });

  it('refuses other schemes, credentials, ports, spaces, text around the link and very long links', () => {
    for (const url of [
      `javascript:alert(1)//https://youtu.be/${VIDEO}`,
      `data:text/html,https://youtu.be/${VIDEO}`,
      `ftp://youtu.be/${VIDEO}`,
      `//youtu.be/${VIDEO}`,
      `youtu.be/${VIDEO}`,
      `https://user:pass@youtu.be/${VIDEO}`,
      `https://youtu.be@evil.example/${VIDEO}`,
      `https://youtu.be:8443/${VIDEO}`,
      `https://youtu.be\\@evil.example/${VIDEO}`,
      `Regardez https://youtu.be/${VIDEO}`,
      `https://youtu.be/${VIDEO} et la suite`,
      `https://www.youtube.com/watch?v=${VIDEO}&x=${'a'.repeat(600)}`,
      '',
      'pas un lien',
    ])
      expect(parseEmbedUrl(url), url).toBeNull();
  });
});

describe('embedFrameSrc: the only addresses an iframe gets', () => {
  it("is the site's player for a valid id, and nothing for anything else", () => {
    expect(embedFrameSrc('youtube', VIDEO)).toBe(`https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1`);
    expect(embedFrameSrc('x', POST)).toBe(`https://platform.twitter.com/embed/Tweet.html?id=${POST}&dnt=true`);
    for (const [kind, id] of [
      ['youtube', `${VIDEO}?x`],
      ['youtube', '../../evil'],
      ['youtube', 'https://evil.example/'],
      ['x', `${POST}&id=1`],
      ['x', 'javascript:alert(1)'],
      ['vimeo', '123'],
      ['constructor', VIDEO],
    ])
      expect(embedFrameSrc(kind, id), `${kind} ${id}`).toBeNull();
  });

  it('frames only from the origins the Content-Security-Policy allows', () => {
    const origins = [embedFrameSrc('youtube', VIDEO)!, embedFrameSrc('x', POST)!].map((src) => new URL(src).origin);
    expect(origins).toEqual([...EMBED_FRAME_ORIGINS]);
  });
});
