import { describe, expect, it } from 'vitest';
import { attributeChannel, isNotAReader, linkTag, tagLink, untagged, withoutTags, type Arrival } from './channels';

const ORIGIN = 'https://afrique-actu.example';
const arrival = (over: Partial<Arrival>): Arrival => ({ search: '', referrer: '', origin: ORIGIN, landedOnArticle: true, ...over });
const channelOf = (over: Partial<Arrival>) => attributeChannel(arrival(over)).channel;

describe('tagged links', () => {
  it('tags a link with s=, replacing any tag it carried, keeping its other parameters and anchor', () => {
    expect(tagLink(`${ORIGIN}/article/a`, 'wa')).toBe(`${ORIGIN}/article/a?s=wa`);
    expect(tagLink(`${ORIGIN}/article/a?avant=43&utm_source=x&ref=y#entree-42`, 'al')).toBe(`${ORIGIN}/article/a?avant=43&s=al#entree-42`);
  });

  it('reads the tag from s, then utm_source, then ref; the address bar keeps the rest', () => {
    expect(linkTag('?s=WA&utm_source=facebook')).toBe('wa');
    expect(linkTag('?utm_source=newsletter&utm_medium=email')).toBe('newsletter');
    expect(linkTag('?ref=t.me')).toBe('t.me');
    expect(linkTag('?page=2')).toBeNull();
    expect(withoutTags('?s=wa')).toBe('');
    expect(withoutTags('?avant=4&s=wa&utm_source=x&utm_medium=y&ref=z')).toBe('?avant=4');
  });

  it('names the same page without its tags, whichever link brought the reader', () => {
    expect(untagged(`${ORIGIN}/article/a?s=al`)).toBe(`${ORIGIN}/article/a`);
    expect(untagged(`${ORIGIN}/article/a?avant=43&s=al#entree-42`)).toBe(`${ORIGIN}/article/a?avant=43#entree-42`);
    expect(untagged(`${ORIGIN}/article/a?utm_source=whatsapp&utm_medium=social`)).toBe(`${ORIGIN}/article/a`);
  });
});

describe('a view’s channel: tag, then referrer, then landing rule', () => {
  it('our tag wins over the referrer', () => {
    expect(channelOf({ search: '?s=wa', referrer: 'https://www.google.com/' })).toBe('whatsapp');
    expect(channelOf({ search: '?s=ed-tg' })).toBe('telegram');
    expect(channelOf({ search: '?s=nl' })).toBe('matinale');
    expect(channelOf({ search: '?utm_source=newsletter' })).toBe('matinale');
    expect(channelOf({ search: '?s=al' })).toBe('alertes');
    expect(channelOf({ search: '?s=hl' })).toBe('hors-ligne');
    expect(channelOf({ search: '?s=x' })).toBe('x');
  });

  it('then the referrer: networks, search, and apps by their android-app:// name, kept raw', () => {
    expect(channelOf({ referrer: 'https://l.facebook.com/' })).toBe('facebook');
    expect(channelOf({ referrer: 'https://t.co/abc' })).toBe('x');
    expect(channelOf({ referrer: 'https://www.google.co.ci/' })).toBe('google');
    expect(channelOf({ referrer: 'https://www.google.com.ng/' })).toBe('google');
    expect(channelOf({ referrer: 'https://web.whatsapp.com/' })).toBe('whatsapp');
    expect(channelOf({ referrer: 'https://lemonde.fr/afrique' })).toBe('autres');
    expect(attributeChannel(arrival({ referrer: 'android-app://com.google.android.googlequicksearchbox/' }))).toEqual({
      channel: 'discover',
      app: 'com.google.android.googlequicksearchbox',
    });
    expect(attributeChannel(arrival({ referrer: 'android-app://com.whatsapp/' })).channel).toBe('whatsapp');
    // An app nobody has mapped yet: « autres », its name kept so it can be.
    expect(attributeChannel(arrival({ referrer: 'android-app://com.opera.mini.native/' }))).toEqual({
      channel: 'autres',
      app: 'com.opera.mini.native',
    });
    // An unknown tag does not hide the referrer.
    expect(channelOf({ search: '?ref=inconnu', referrer: 'https://t.me/canal' })).toBe('telegram');
  });

  it('then the landing rule: no referrer on an article is « Messageries », on the front page or a section direct', () => {
    expect(channelOf({ landedOnArticle: true })).toBe('messageries');
    expect(channelOf({ landedOnArticle: false })).toBe('direct');
    expect(channelOf({ search: '?ref=inconnu' })).toBe('autres');
  });

  it('a page reached from the site itself keeps the channel its visit began with', () => {
    expect(channelOf({ referrer: `${ORIGIN}/`, visitChannel: 'whatsapp' })).toBe('whatsapp');
    expect(channelOf({ referrer: `${ORIGIN}/category/politique` })).toBe('direct');
  });
});

describe('link-preview fetchers and crawlers are not readers', () => {
  it.each([
    'WhatsApp/2.23.20.0 A',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'TelegramBot (like TwitterBot)',
    'Twitterbot/1.0',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0)',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    '',
  ])('%s', (agent) => expect(isNotAReader(agent)).toBe(true));

  it.each([
    'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; fr) Presto/2.12.423 Version/12.16',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  ])('a reader: %s', (agent) => expect(isNotAReader(agent)).toBe(false));
});
