// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyDeltaToDom } from './liteLive';
import { entryElement } from './entryDom';
import { coverage, entry } from './testEntries';

const PAGE = 'https://afrique-actu.example/article/soiree-electorale';

/** The server's list on the lite page: `seqs` newest first, and a pinned copy of `pinned` above it. */
function serverList(seqs: number[], pinned?: number): HTMLElement {
  if (pinned) {
    const copy = entryElement(entry(pinned, { pinned: true }), PAGE, 'UTC');
    copy.removeAttribute('id');
    document.body.append(copy);
  }
  const list = document.createElement('div');
  list.setAttribute('data-live-entries', '');
  seqs.forEach((s) => list.append(entryElement(entry(s), PAGE, 'UTC')));
  document.body.append(list);
  return list;
}
const listed = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>('[data-live-seq]')].map((n) => Number(n.dataset.liveSeq));

afterEach(() => document.body.replaceChildren());

describe('a check on the lite page', () => {
  it('puts new entries at the top, newest first, and counts them', () => {
    const list = serverList([3, 2, 1]);
    const added = applyDeltaToDom({ coverage: coverage(5), entries: [entry(4), entry(5)], reload: false }, list, PAGE, 'UTC');
    expect(added).toBe(2);
    expect(listed(list)).toEqual([5, 4, 3, 2, 1]);
  });

  it('replaces an edited entry in place (its correction shows) and removes a deleted one everywhere', () => {
    const list = serverList([3, 2, 1], 1);
    const corrected = entry(2, { correction: { text: 'Il était écrit 25 %.', at: '2026-12-17T21:50:00Z' } });
    const added = applyDeltaToDom(
      { coverage: coverage(6), entries: [corrected, { id: 'e1', seq: 1, revision: 6, deleted: true }], reload: false },
      list,
      PAGE,
      'UTC',
    );
    expect(added).toBe(0);
    expect(listed(list)).toEqual([3, 2]);
    expect(list.querySelector('#entree-2 .live-entry__correction')?.textContent).toBe('Correction à 21:50 : Il était écrit 25 %.');
    expect(document.querySelectorAll('[data-live-seq="1"]')).toHaveLength(0);
  });

  it('leaves out an entry older than the list (it belongs to « Plus anciens »), fills an empty list', () => {
    const list = serverList([23, 22]);
    expect(applyDeltaToDom({ coverage: coverage(30), entries: [entry(4)], reload: false }, list, PAGE, 'UTC')).toBe(0);
    expect(listed(list)).toEqual([23, 22]);
    const empty = serverList([]);
    expect(applyDeltaToDom({ coverage: coverage(2), entries: [entry(1), entry(2)], reload: false }, empty, PAGE, 'UTC')).toBe(2);
    expect(listed(empty)).toEqual([2, 1]);
  });
});
