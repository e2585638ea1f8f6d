import { describe, expect, it } from 'vitest';
import { checkText, newMessagesText, titleWithCount } from './checkText';

describe('what the live page says', () => {
  it('counts new messages in French', () => {
    expect(newMessagesText(1)).toBe('1 nouveau message');
    expect(newMessagesText(3)).toBe('3 nouveaux messages');
  });

  it('puts the unseen count in front of the tab title, and takes it off', () => {
    expect(titleWithCount('Élections : la soirée en direct', 3)).toBe('(3) Élections : la soirée en direct');
    expect(titleWithCount('(3) Élections : la soirée en direct', 4)).toBe('(4) Élections : la soirée en direct');
    expect(titleWithCount('(4) Élections : la soirée en direct', 0)).toBe('Élections : la soirée en direct');
  });

  it('prices a check in French kilobytes, or says since when nothing is new, in newsroom time', () => {
    expect(checkText({ added: 3, changed: true, bytes: 1434 }, '', 'UTC')).toBe('3 nouveaux messages · 1,4 Ko');
    expect(checkText({ added: 1, changed: true, bytes: 700 }, '', 'UTC')).toBe('1 nouveau message · 0,7 Ko');
    expect(checkText({ added: 0, changed: true, bytes: 900 }, '', 'UTC')).toBe('Messages mis à jour · 0,9 Ko');
    expect(checkText({ added: 0, changed: false, bytes: 500 }, '2026-12-17T21:42:10Z', 'UTC')).toBe('Rien de nouveau depuis 21:42');
    expect(checkText({ added: 0, changed: false, bytes: 500 }, '2026-12-17T21:42:10Z', 'Africa/Lagos')).toBe(
      'Rien de nouveau depuis 22:42',
    );
  });
});
