// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { AlertsButton } from './AlertsButton';
import { chosenFollows } from './support';

// Following a country or a topic for alerts from its page (/pays/{slug}, /sujet/{slug}): the
// server-rendered button carries the tag to the alerts panel, and the panel's ticked boxes become
// what push_subscribe stores.

it('on a country’s page the button says « Suivre ce pays » and carries the country to the panel', () => {
  render(<AlertsButton tag={{ id: 'sn', name: 'Sénégal', kind: 'pays' }} />);
  const button = screen.getByRole('button', { name: 'Suivre ce pays' });
  expect(button.dataset).toMatchObject({ pushAlerts: '', followTag: 'sn', followName: 'Sénégal' });
});

it('on a topic’s page it says « Suivre ce sujet »; elsewhere it stays « Recevoir les alertes » with no tag', () => {
  render(<AlertsButton tag={{ id: 'el', name: 'Élections', kind: 'theme' }} />);
  expect(screen.getByRole('button', { name: 'Suivre ce sujet' }).dataset.followTag).toBe('el');
  render(<AlertsButton />);
  const plain = screen.getByRole('button', { name: 'Recevoir les alertes' });
  expect(plain.dataset.pushAlerts).toBe('');
  expect(plain.dataset.followTag).toBeUndefined();
});

it('a country ticked alone is something followed; nothing ticked is refused', () => {
  expect(chosenFollows([{ name: 'tag', value: 'sn' }])).toEqual({ front: false, categories: [], tags: ['sn'] });
  expect(
    chosenFollows([
      { name: 'front', value: 'front' },
      { name: 'category', value: 'politique' },
      { name: 'tag', value: 'sn' },
    ]),
  ).toEqual({ front: true, categories: ['politique'], tags: ['sn'] });
  expect(chosenFollows([])).toBeNull();
});
