import { describe, expect, it } from 'vitest';
import { popupFeatures, shareUrl } from './share';

const page = {
  url: 'https://afrique-actu.example/article/le-cfa-a-80-ans?x=1&y=2#top',
  title: 'Le franc CFA a 80 ans : « et maintenant ? » & après',
};
const encodedUrl = 'https%3A%2F%2Fafrique-actu.example%2Farticle%2Fle-cfa-a-80-ans%3Fx%3D1%26y%3D2%23top';

describe('shareUrl', () => {
  it('builds the Facebook sharer with the encoded page URL', () => {
    expect(shareUrl('facebook', page)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`);
  });

  it('builds the Twitter intent with the encoded URL and title', () => {
    const built = new URL(shareUrl('twitter', page));
    expect(`${built.origin}${built.pathname}`).toBe('https://twitter.com/intent/tweet');
    expect(built.searchParams.get('url')).toBe(page.url);
    expect(built.searchParams.get('text')).toBe(page.title);
    expect(shareUrl('twitter', page)).toContain(`url=${encodedUrl}&text=`);
  });

  it('builds the LinkedIn share-offsite link with the encoded URL', () => {
    expect(shareUrl('linkedin', page)).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`);
  });

  it('builds the WhatsApp link with the title, a space and the URL as one encoded text', () => {
    const built = shareUrl('whatsapp', page);
    expect(built.startsWith('https://wa.me/?text=')).toBe(true);
    expect(new URL(built).searchParams.get('text')).toBe(`${page.title} ${page.url}`);
    expect(built).toContain(`%20${encodedUrl}`);
  });

  it('never lets a title or URL add parameters of its own', () => {
    const hostile = { url: 'https://x.example/a?u=https://evil.example', title: 'a&url=https://evil.example#b' };
    for (const network of ['facebook', 'twitter', 'linkedin', 'whatsapp'] as const) {
      const params = new URL(shareUrl(network, hostile)).searchParams;
      expect([...params.keys()].every((k) => ['u', 'url', 'text'].includes(k))).toBe(true);
      expect(params.getAll('url').length + params.getAll('u').length).toBeLessThanOrEqual(1);
    }
  });
});

describe('popupFeatures', () => {
  it('asks for a 600×400 pop-up without an opener or referrer', () => {
    expect(popupFeatures()).toBe('width=600,height=400,noopener,noreferrer');
  });

  it('centres the pop-up on the opening window', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 })).toBe(
      'width=600,height=400,left=500,top=300,noopener,noreferrer',
    );
  });

  it('aligns the pop-up with the window edge when the window is smaller than it', () => {
    expect(popupFeatures({ screenX: 20, screenY: 0, outerWidth: 360, outerHeight: 640 })).toBe(
      'width=600,height=400,left=20,top=120,noopener,noreferrer',
    );
  });

  it('follows a window on a screen left of the primary one', () => {
    expect(popupFeatures({ screenX: -1920, screenY: 0, outerWidth: 1920, outerHeight: 1080 })).toBe(
      'width=600,height=400,left=-1260,top=340,noopener,noreferrer',
    );
  });
});
