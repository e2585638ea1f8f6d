// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { shouldOfferDataSaver } from './choice';
import { DataSaverProvider, useDataSaver } from './DataSaverContext';
import { DataSaverOffer } from './DataSaverOffer';

describe('shouldOfferDataSaver', () => {
  const slow = { on: false, choice: null, answered: false, effectiveType: '3g' } as const;
  it('offers on a first visit from a 2g or 3g connection with the mode off', () => {
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(shouldOfferDataSaver({ ...slow, effectiveType })).toBe(true);
  });
  it('never on a fast or unknown connection, to a reader who chose or answered, or with the mode on', () => {
    expect(shouldOfferDataSaver({ ...slow, effectiveType: '4g' })).toBe(false);
    expect(shouldOfferDataSaver({ ...slow, effectiveType: undefined })).toBe(false);
    expect(shouldOfferDataSaver({ ...slow, choice: 'off' })).toBe(false);
    expect(shouldOfferDataSaver({ ...slow, answered: true })).toBe(false);
    expect(shouldOfferDataSaver({ ...slow, on: true })).toBe(false);
  });
});

function Mode() {
  return <p data-testid="mode">{useDataSaver().on ? 'on' : 'off'}</p>;
}

const setConnection = (effectiveType: string | undefined) =>
  Object.defineProperty(navigator, 'connection', { value: effectiveType ? { effectiveType } : undefined, configurable: true });

async function renderOffer() {
  await act(async () => {
    render(
      <DataSaverProvider initial={false}>
        <DataSaverOffer />
        <Mode />
      </DataSaverProvider>,
    );
    await import('./DataSaverOfferLine');
  });
}

afterEach(() => {
  localStorage.clear();
  document.cookie = 'data-saver=; max-age=0; path=/';
  setConnection(undefined);
});

describe('DataSaverOffer', () => {
  it('on a slow connection, « Activer » turns the mode on and the offer does not come back', async () => {
    setConnection('3g');
    await renderOffer();
    const activate = await screen.findByRole('button', { name: 'Activer' });
    act(() => activate.click());
    expect(screen.getByTestId('mode').textContent).toBe('on');
    expect(screen.queryByRole('button', { name: 'Activer' })).toBeNull();
    expect(localStorage.getItem('data-saver')).toBe('on');
  });

  it('« Non merci » leaves the mode off and is remembered', async () => {
    setConnection('2g');
    await renderOffer();
    act(() => screen.getByRole('button', { name: 'Non merci' }).click());
    expect(screen.getByTestId('mode').textContent).toBe('off');
    expect(screen.queryByRole('status')).toBeNull();
    document.body.innerHTML = '';
    await renderOffer();
    expect(screen.queryByRole('button', { name: 'Activer' })).toBeNull();
  });

  it('says nothing on a fast connection', async () => {
    setConnection('4g');
    await renderOffer();
    expect(screen.queryByRole('button', { name: 'Activer' })).toBeNull();
  });
});
