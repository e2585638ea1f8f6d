import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_SECONDS, SECOND_STACK, shardUnits, splitUnits } from './integrationShards.ts';

const ROOT = path.join(import.meta.dirname, '..');
type File = { project: string; path: string };

/** The integration project's files on disk, as vitest.config.ts's globs find them. */
function integrationFiles(): File[] {
  return ['src', 'supabase', 'scripts']
    .flatMap((folder) =>
      (fs.readdirSync(path.join(ROOT, folder), { recursive: true }) as string[])
        .filter((file) => /\.int\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
        .map((file) => ({ project: 'integration', path: `${folder}/${file}` })),
    )
    .sort((a, b) => a.path.localeCompare(b.path));
}
/** The hosted-default-privileges project's, which only the first shard's run lists (scripts/test-integration.ts). */
const SECOND_STACK_FILES = ['supabase/tests/rls-matrix.int.test.ts', 'supabase/tests/catalog.int.test.ts'].map((file) => ({
  project: SECOND_STACK,
  path: file,
}));

const split = (files: File[]) =>
  splitUnits(
    shardUnits(files, (f) => f),
    2,
  );
const names = (files: File[]) => files.map((f) => `${f.project} ${f.path}`).sort();

describe('the integration shards', () => {
  it('run every file once, the second stack’s in the first shard, which alone lists them', () => {
    const files = integrationFiles();
    const first = split([...files, ...SECOND_STACK_FILES])[0];
    const second = split(files)[1];
    expect(names([...first.files, ...second.files])).toEqual(names([...files, ...SECOND_STACK_FILES]));
    expect(first.files.filter((f) => f.project === SECOND_STACK)).toHaveLength(2);
    // The first shard's run, listing more files, splits the integration project's the same way.
    expect(names(split(files)[0].files)).toEqual(names(first.files.filter((f) => f.project !== SECOND_STACK)));
  });

  it('take about as long as each other, the heaviest files apart', () => {
    const shards = split([...integrationFiles(), ...SECOND_STACK_FILES]);
    const [one, two] = shards.map((shard) => shard.seconds);
    // Vitest's split by a hash of the path, in the 2026-11-29 run: 409 and 487 s of files, and the second stack booted by both.
    expect(Math.abs(one - two), `${one} s and ${two} s`).toBeLessThanOrEqual(10);
    const heaviest = Object.entries(FILE_SECONDS)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 2)
      .map(([file]) => file);
    expect(shards.map((shard) => heaviest.filter((file) => shard.files.some((f) => f.path === file)).length)).toEqual([1, 1]);
  });

  it('weigh only files that exist (a renamed file would count as a new one)', () => {
    const onDisk = new Set(integrationFiles().map((f) => f.path));
    expect(Object.keys(FILE_SECONDS).filter((file) => !onDisk.has(file))).toEqual([]);
  });

  it('split the same way whatever order vitest lists the files in', () => {
    const files = [...integrationFiles(), ...SECOND_STACK_FILES];
    const byShard = (list: File[]) => split(list).map((shard) => names(shard.files));
    expect(byShard([...files].reverse())).toEqual(byShard(files));
  });
});
