import { describe, expect, it } from 'vitest';
import { STATUS_CHOICES, statusChoicesFor } from './statusChoices';

const ids = (choices: { id: string }[]) => choices.map((c) => c.id);

describe('status choices', () => {
  it('offers administrators every status, « À relire » among them', () => {
    expect(ids(statusChoicesFor('admin'))).toEqual(['draft', 'review', 'scheduled', 'published']);
    expect(statusChoicesFor('admin').find((c) => c.id === 'review')?.name).toBe('À relire');
  });
  it('offers journalists a draft or sending it for review, named as the action it is', () => {
    expect(statusChoicesFor('journalist')).toEqual([
      { id: 'draft', name: 'Brouillon' },
      { id: 'review', name: 'À relire (soumettre)' },
    ]);
  });
  it('offers nothing that publishes while the role is not known yet', () => {
    expect(ids(statusChoicesFor(undefined))).toEqual(['draft', 'review']);
    expect(ids(statusChoicesFor(null))).toEqual(['draft', 'review']);
  });
  it('lets the list filter on every status', () => {
    expect(STATUS_CHOICES.map((c) => c.name)).toEqual(['Brouillon', 'À relire', 'Programmé', 'Publié']);
  });
});
