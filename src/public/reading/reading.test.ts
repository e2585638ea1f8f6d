// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '@/lib/channels';
import { followReading, readerClass, readingArgs, type ReaderClass } from './engagement';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const TODAY = 20_000;

describe('the reader class, from a 16-day record that stays on the phone', () => {
  it('« nouveau » the first day, « régulier » from two days, « fidèle » from 8 of the last 16', () => {
    expect(readerClass(null, TODAY)).toEqual({ days: [TODAY], readerClass: 'nouveau' });
    expect(readerClass([TODAY - 3], TODAY).readerClass).toBe('regulier');
    const seven = Array.from({ length: 7 }, (_, i) => TODAY - 1 - i);
    expect(readerClass(seven, TODAY).readerClass).toBe('fidele');
    // Days older than 16 are forgotten; today read twice is one day; junk is dropped.
    const old = Array.from({ length: 10 }, (_, i) => TODAY - 16 - i);
    expect(readerClass([...old, TODAY, TODAY, 'x', 1.5], TODAY)).toEqual({ days: [TODAY], readerClass: 'nouveau' });
  });
});

describe('the reading a page sends as it goes away', () => {
  it('is at most 300 bytes, whatever it says, and carries no identifier', () => {
    const longest = readingArgs({
      articleId: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
      channel: [...CHANNELS].sort((a, b) => b.length - a.length)[0]!,
      kind: 'full',
      engagedSeconds: 99_999,
      completed: true,
      readerClass: 'regulier' satisfies ReaderClass,
      kilobytes: 99_999.4,
    });
    expect(new TextEncoder().encode(JSON.stringify(longest)).length).toBeLessThanOrEqual(300);
    expect(longest.p_engaged_seconds).toBe(1800);
    expect(Object.keys(longest).sort()).toEqual(
      ['p_article_id', 'p_channel', 'p_completed', 'p_engaged_seconds', 'p_kilobytes', 'p_kind', 'p_reader_class'].sort(),
    );
  });

  it('counts only the time the page is visible and focused, and is sent once when the page is hidden', () => {
    vi.useFakeTimers();
    let visibility: DocumentVisibilityState = 'visible';
    let focused = true;
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    const send = vi.fn();
    followReading({ articleId: 'a', channel: 'whatsapp', kind: 'lite' }, send, () => 42);
    vi.advanceTimersByTime(20_000);
    // Another window takes the focus for a minute: not read.
    focused = false;
    window.dispatchEvent(new Event('blur'));
    vi.advanceTimersByTime(60_000);
    focused = true;
    window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(10_000);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledExactlyOnceWith({
      p_article_id: 'a',
      p_channel: 'whatsapp',
      p_kind: 'lite',
      p_engaged_seconds: 30,
      p_completed: false,
      p_reader_class: 'nouveau',
      p_kilobytes: 42,
    });
    // The 16-day record stays in this browser.
    expect(JSON.parse(localStorage.getItem('aa-jours')!)).toHaveLength(1);
  });

  it('is sent when the reader moves on in the app (the function returned), not again after', () => {
    const send = vi.fn();
    const stop = followReading({ articleId: 'b', channel: 'direct', kind: 'full' }, send);
    stop();
    stop();
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledOnce();
  });
});

describe('the visit’s channel on the phone', () => {
  it('is worked out on the first page, then the tag leaves the address bar; a crawler counts for nothing', async () => {
    window.history.replaceState(null, '', '/article/un-titre?s=wa&page=2#suite');
    vi.resetModules();
    const { visitAttribution, landingNow } = await import('./visit');
    expect(visitAttribution(landingNow())).toEqual({ channel: 'whatsapp', app: null });
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/article/un-titre?page=2#suite');
    expect(sessionStorage.getItem('aa-canal')).toBe('whatsapp');

    vi.resetModules();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('WhatsApp/2.23.20.0 A');
    const fresh = await import('./visit');
    window.history.replaceState(null, '', '/article/un-titre?s=wa');
    expect(fresh.visitAttribution(fresh.landingNow())).toBeNull();
    window.history.replaceState(null, '', '/');
  });
});

describe('a page’s view', () => {
  it('says the visit’s channel and page kind, except an article page’s, whose article view says it', async () => {
    const { viewCalls } = await import('../api/viewCalls');
    const { isArticlePath: isArticlePage } = await import('@/lib/readerPaths');
    expect(viewCalls.page('/category/politique', { channel: 'telegram', app: null }, 'lite').args).toEqual({
      p_path: '/category/politique',
      p_channel: 'telegram',
      p_kind: 'lite',
    });
    expect(viewCalls.page('/', { channel: 'direct', app: null }).args).toEqual({ p_path: '/', p_channel: 'direct', p_kind: 'full' });
    expect(viewCalls.page('/article/un-titre', null).args).toEqual({ p_path: '/article/un-titre' });
    expect([isArticlePage('/article/un-titre'), isArticlePage('/'), isArticlePage('/pays/senegal')]).toEqual([true, false, false]);
  });
});
