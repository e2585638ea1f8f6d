import { describe, expect, it } from 'vitest';
import { LOCK_COMMAND, lockDifferences, lockedHashes } from '../../scripts/migrationLock.ts';

// A migration once released is never edited: projects that pushed its old text never get the new
// one (issue 29 found three such edits). supabase/migrations.sha256 records each file's hash.
describe('released migrations keep their text (supabase/migrations.sha256)', () => {
  const { missing, changed, removed } = lockDifferences();

  it('no released migration changed', () => {
    expect(changed, 'these migrations changed after release: restore their text and write the change as a new migration').toEqual([]);
  });

  it('no released migration is gone', () => {
    expect(removed, 'these released migrations were deleted or renamed: restore them').toEqual([]);
  });

  it('every migration is recorded', () => {
    expect(missing, `new migrations: run \`${LOCK_COMMAND}\` and commit supabase/migrations.sha256`).toEqual([]);
  });

  it('tells an edited migration, a deleted one and a new one apart', () => {
    const locked = lockedHashes(`${'a'.repeat(64)}  1_one.sql\n${'b'.repeat(64)}  2_two.sql\n`);
    const current = new Map([
      ['1_one.sql', 'c'.repeat(64)],
      ['3_three.sql', 'd'.repeat(64)],
    ]);
    expect(lockDifferences(current, locked)).toEqual({ missing: ['3_three.sql'], changed: ['1_one.sql'], removed: ['2_two.sql'] });
    expect(() => lockedHashes('not a line\n')).toThrow(/expected "<sha256> {2}<file>.sql"/);
  });
});
