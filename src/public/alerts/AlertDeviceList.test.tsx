// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { AlertDeviceList } from './AlertDeviceList';
import type { MyAlertDevice } from './myDevices';

// « Mes alertes » as a signed-in reader sees it: each device, what it follows and since when; this
// device's choices open the « Recevoir les alertes » panel, any device's alerts can be stopped.
const here: MyAlertDevice = { id: 'd1', followsFront: true, categories: ['Sport'], createdAt: '2026-12-01T10:00:00Z', thisDevice: true };
const phone: MyAlertDevice = {
  id: 'd2',
  followsFront: false,
  categories: ['Politique', 'Économie'],
  tags: ['Sénégal'],
  createdAt: '2026-11-20T10:00:00Z',
  thisDevice: false,
};

it('lists each device with what it follows and since when, and stops the one the reader chooses', () => {
  const onStop = vi.fn();
  render(<AlertDeviceList devices={[here, phone]} onStop={onStop} />);
  const [first, second] = screen.getAllByRole('listitem');
  expect(first.textContent).toContain('Cet appareil · depuis le 1 décembre 2026');
  expect(first.textContent).toContain('Rubriques suivies : À la une, Sport');
  expect(second.textContent).toContain('Un autre appareil · depuis le 20 novembre 2026');
  expect(second.textContent).toContain('Rubriques suivies : Politique, Économie');
  // The countries and topics it follows, on their own line (none on a device following none).
  expect(second.textContent).toContain('Pays et sujets suivis : Sénégal');
  expect(first.textContent).not.toContain('Pays et sujets suivis');
  // Only this device's choices can be changed here (its subscription is this browser's).
  expect(within(first).getByRole('button', { name: 'Recevoir les alertes' }).getAttribute('data-push-alerts')).toBe('');
  expect(within(second).queryByRole('button', { name: 'Recevoir les alertes' })).toBeNull();

  fireEvent.click(within(second).getByRole('button', { name: /Arrêter les alertes sur cet autre appareil/ }));
  expect(onStop).toHaveBeenCalledWith(phone);
});

it('offers to subscribe when no device of the reader gets alerts', () => {
  render(<AlertDeviceList devices={[]} onStop={() => {}} />);
  expect(screen.getByText('Aucun de vos appareils ne reçoit d’alertes.').tagName).toBe('P');
  expect(screen.getByRole('button', { name: 'Recevoir les alertes' }).getAttribute('data-push-alerts')).toBe('');
});
