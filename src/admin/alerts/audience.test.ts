import { describe, expect, it } from 'vitest';
import { audienceNotice } from './audience';

describe('the send dialog’s audience', () => {
  it('warns when the alert would reach no device', () => {
    expect(audienceNotice(0)).toMatchObject({ warn: true, text: expect.stringMatching(/^Aucun appareil ne recevra cette alerte/) });
  });
  it('says how many devices it reaches otherwise, and waits while it counts', () => {
    expect(audienceNotice(1)).toEqual({ warn: false, text: '1 appareil recevra cette alerte.' });
    expect(audienceNotice(42)).toEqual({ warn: false, text: '42 appareils recevront cette alerte.' });
    expect(audienceNotice(null)).toEqual({ warn: false, text: 'Calcul des appareils…' });
  });
});
