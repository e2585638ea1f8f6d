import { describe, expect, it } from 'vitest';
import { popupFeatures } from './popup';
import { shareMessage, shareText, shareUrl } from './share';

const page = {
  url: 'https://afrique-actu.example/article/le-cfa-a-80-ans?x=1&y=2#top',
  title: 'Le franc CFA a 80 ans : « et maintenant ? » & après',
};
/** The page's link as a network gets it: tagged with that network's channel (s=). */
const tagged = (tag: string) => `https://afrique-actu.example/article/le-cfa-a-80-ans?x=1&y=2&s=${tag}#top`;
const encodedUrl = (tag: string) => encodeURIComponent(tagged(tag));

describe('shareUrl', () => {
  it('builds the Facebook sharer with the encoded page URL', () => {
    expect(shareUrl('facebook', page)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodedUrl('fb')}`);
  });

  it('builds the Twitter intent with the encoded URL and title', () => {
    const built = new URL(shareUrl('twitter', page));
    expect(`${built.origin}${built.pathname}`).toBe('https://twitter.com/intent/tweet');
    expect(built.searchParams.get('url')).toBe(tagged('x'));
    expect(built.searchParams.get('text')).toBe(page.title);
    expect(shareUrl('twitter', page)).toContain(`url=${encodedUrl('x')}&text=`);
  });

  it('builds the LinkedIn share-offsite link with the encoded URL', () => {
    expect(shareUrl('linkedin', page)).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl('li')}`);
  });

  it('builds the WhatsApp link with the bold title, a blank line and the URL as one encoded text', () => {
    const built = shareUrl('whatsapp', page);
    expect(built.startsWith('https://wa.me/?text=')).toBe(true);
    expect(new URL(built).searchParams.get('text')).toBe(`*${page.title}*\n\n${tagged('wa')}`);
    expect(built).toContain(`%0A%0A${encodedUrl('wa')}`);
  });

  it('sends the key points as a WhatsApp list between the bold title and the link', () => {
    const keyPoints = ['Le taux passe à 5 %.', 'Les banques ont 30 jours & pas un de plus.', '*Vraiment* inédit'];
    const built = shareUrl('whatsapp', { ...page, keyPoints });
    expect(new URL(built).searchParams.get('text')).toBe(
      `*${page.title}*\n\n- Le taux passe à 5 %.\n- Les banques ont 30 jours & pas un de plus.\n- *Vraiment* inédit\n\n${tagged('wa')}`,
    );
    // Every character that means something in a URL is encoded: one `text` parameter, whole.
    expect(built).toContain('%0A-%20Le%20taux%20passe%20%C3%A0%205%20%25.');
    expect(built).toContain('30%20jours%20%26%20pas');
    expect([...new URL(built).searchParams.keys()]).toEqual(['text']);
  });

  it("tags each network's link with its channel, replacing a tag the page's address carried", () => {
    const carried = { ...page, url: 'https://afrique-actu.example/article/a?s=nl&utm_source=x' };
    expect(new URL(shareUrl('facebook', carried)).searchParams.get('u')).toBe('https://afrique-actu.example/article/a?s=fb');
    expect(new URL(shareUrl('whatsapp', carried)).searchParams.get('text')).toMatch(/\/article\/a\?s=wa$/);
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

describe('shareText and shareMessage', () => {
  it('falls back to the bold title and the link when there are no key points', () => {
    expect(shareText({ title: 'Titre', keyPoints: [] })).toBe('*Titre*');
    expect(shareMessage({ title: 'Titre', url: 'https://s.example/a' })).toBe('*Titre*\n\nhttps://s.example/a');
  });

  it('keeps the bold whole: asterisks leave the title, spaces and line breaks fold, blank points go', () => {
    expect(shareText({ title: '  Le *vrai* bilan\n du sommet ', keyPoints: ['  Un  point ', '   ', 'Deux\nlignes'] })).toBe(
      '*Le vrai bilan du sommet*\n\n- Un point\n- Deux lignes',
    );
  });
});
