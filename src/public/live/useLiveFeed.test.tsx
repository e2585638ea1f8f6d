// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveDelta, LivePage } from '@/lib/live';
import { LiveNewMessages } from './LiveNewMessages';
import { coverage, entry, livePage } from './testEntries';
import { useLiveFeed } from './useLiveFeed';

/** The coverage's list as the reader's page shows it, with the hook's controls. */
function Feed({ initial, manual = false }: { initial: LivePage; manual?: boolean }) {
  const feed = useLiveFeed('soiree', initial, { manual, timeZone: 'UTC', reload: () => {} });
  return (
    <div ref={feed.rootRef}>
      <LiveNewMessages feed={feed} />
      <div data-live-entries="">
        {feed.page.entries.map((e) => (
          <p key={e.id} id={`entree-${e.seq}`}>
            {e.body}
          </p>
        ))}
      </div>
    </div>
  );
}

let answers: LiveDelta[];
const asked: string[] = [];
/** The list's top, as the reader's scrolling puts it (jsdom lays nothing out). */
let listTop = 0;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  answers = [];
  asked.length = 0;
  listTop = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(new URL(url).pathname);
      return new Response(JSON.stringify(answers.shift() ?? { coverage: coverage(1), entries: [], reload: false }));
    }),
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return { top: this.hasAttribute('data-live-entries') ? listTop : 0 } as DOMRect;
  });
  HTMLElement.prototype.scrollIntoView = vi.fn();
  document.title = 'Soirée électorale';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets the page's idle moment pass, the chunk come in and one interval run out. */
async function oneInterval() {
  await act(() => vi.advanceTimersByTimeAsync(2_500));
  await act(() => vi.dynamicImportSettled());
  await act(() => vi.advanceTimersByTimeAsync(30_000));
  await settle();
}

/** The answer's body is read for real (setImmediate is left real); the timing entry's turn comes after it. */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(() => new Promise((resolve) => setImmediate(resolve)));
    await act(() => vi.advanceTimersByTimeAsync(1));
  }
}

describe('a live page kept current', () => {
  it('inserts new entries at once for a reader at the top of the list', async () => {
    answers.push({ coverage: coverage(2), entries: [entry(2, { body: 'Premiers résultats' })], reload: false });
    render(<Feed initial={livePage([1], 1)} />);
    await oneInterval();
    expect(asked).toEqual(['/article/soiree/live/1']);
    expect(screen.getByText('Premiers résultats')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /nouveau/ })).toBeNull();
    expect(document.title).toBe('Soirée électorale');
  });

  it('holds them for a reader further down: « 1 nouveau message » and the count in the title, until pressed', async () => {
    answers.push({ coverage: coverage(2), entries: [entry(2, { body: 'Premiers résultats' })], reload: false });
    listTop = -1200;
    render(<Feed initial={livePage([1], 1)} />);
    await oneInterval();
    const notice = screen.getByRole('button', { name: '↑ 1 nouveau message' });
    expect(screen.queryByText('Premiers résultats')).toBeNull();
    expect(document.title).toBe('(1) Soirée électorale');

    answers.push({ coverage: coverage(4), entries: [entry(3), entry(4)], reload: false });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await settle();
    expect(notice.textContent).toBe('↑ 3 nouveaux messages');
    expect(document.title).toBe('(3) Soirée électorale');

    act(() => notice.click());
    expect(screen.getByText('Premiers résultats')).toBeTruthy();
    expect(HTMLElement.prototype.scrollIntoView).toHaveBeenCalled();
    expect(document.title).toBe('Soirée électorale');
    expect(screen.queryByRole('button', { name: /nouveau/ })).toBeNull();
  });

  it('shows the held entries when the reader scrolls back up by themselves', async () => {
    answers.push({ coverage: coverage(2), entries: [entry(2, { body: 'Premiers résultats' })], reload: false });
    listTop = -1200;
    render(<Feed initial={livePage([1], 1)} />);
    await oneInterval();
    expect(document.title).toBe('(1) Soirée électorale');
    listTop = 40;
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(screen.getByText('Premiers résultats')).toBeTruthy();
    expect(document.title).toBe('Soirée électorale');
  });

  it('asks nothing by itself in data-saver mode', async () => {
    render(<Feed initial={livePage([1], 1)} manual />);
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(asked).toEqual([]);
  });
});
