// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { embedPlaceholderHtml } from './bodyEmbeds';
import { playEmbedOnClick } from './embedDom';

const VIDEO = 'dQw4w9WgXcQ';
const POST = '1790000000000000000';

function mount(html: string): HTMLElement {
  const body = document.createElement('div');
  body.innerHTML = html;
  body.addEventListener('click', playEmbedOnClick);
  document.body.append(body);
  return body;
}

/** A click as the browser sends it, telling whether the link would still have been followed. */
function click(target: Element, init: MouseEventInit = {}): boolean {
  return target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('playEmbedOnClick: the tap on a placeholder', () => {
  it('puts the YouTube player (no-cookie host, autoplay) where the box was, the link to the original staying', () => {
    const body = mount(embedPlaceholderHtml({ kind: 'youtube', id: VIDEO, url: `https://youtu.be/${VIDEO}` }));
    expect(body.querySelector('iframe')).toBeNull();
    const followed = click(body.querySelector('.embed__label')!);
    expect(followed).toBe(false);
    const frame = body.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1`);
    expect(frame.title).toBe('Vidéo YouTube');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('allow')).toContain('autoplay');
    expect(document.activeElement).toBe(frame);
    expect(body.querySelector('a.embed__play')).toBeNull();
    expect(body.querySelector('a.embed__link')?.getAttribute('href')).toBe(`https://youtu.be/${VIDEO}`);
  });

  it("puts X's post page, by id alone, for a post", () => {
    const body = mount(embedPlaceholderHtml({ kind: 'x', id: POST, url: `https://x.com/senegal/status/${POST}` }));
    click(body.querySelector('a.embed__play')!);
    const frame = body.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(`https://platform.twitter.com/embed/Tweet.html?id=${POST}&dnt=true`);
    expect(frame.className).toBe('embed__frame embed__frame--x');
  });

  it('leaves a click meant for a new tab, the fallback link and a tampered placeholder to the browser', () => {
    const body = mount(embedPlaceholderHtml({ kind: 'youtube', id: VIDEO, url: `https://youtu.be/${VIDEO}` }));
    expect(click(body.querySelector('a.embed__play')!, { ctrlKey: true })).toBe(true);
    expect(click(body.querySelector('a.embed__play')!, { button: 1 })).toBe(true);
    expect(click(body.querySelector('a.embed__link')!)).toBe(true);
    expect(body.querySelector('iframe')).toBeNull();

    const box = body.querySelector<HTMLElement>('[data-embed]')!;
    box.dataset.embedId = 'https://evil.example/';
    expect(click(body.querySelector('a.embed__play')!)).toBe(true);
    box.dataset.embed = 'vimeo';
    box.dataset.embedId = VIDEO;
    expect(click(body.querySelector('a.embed__play')!)).toBe(true);
    expect(body.querySelector('iframe')).toBeNull();
  });

  it("follows a post's height as X's page tells it, from X's origin only", () => {
    const body = mount(embedPlaceholderHtml({ kind: 'x', id: POST, url: `https://x.com/senegal/status/${POST}` }));
    click(body.querySelector('a.embed__play')!);
    const frame = body.querySelector('iframe')!;
    const say = (origin: string, height: unknown) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          origin,
          source: frame.contentWindow,
          data: JSON.stringify({ 'twttr.embed': { method: 'twttr.private.resize', params: [{ height, width: 550 }] } }),
        }),
      );
    say('https://evil.example', 50);
    expect(frame.style.height).toBe('');
    say('https://platform.twitter.com', 731.4);
    expect(frame.style.height).toBe('732px');
    say('https://platform.twitter.com', 1e9);
    expect(frame.style.height).toBe('3000px');
    say('https://platform.twitter.com', 'beaucoup');
    expect(frame.style.height).toBe('3000px');
  });
});
