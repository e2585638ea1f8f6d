import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnPostgres } from '../src/postgresServer.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postgres-server-'));
// Postgres runs as the postgres system user under root: it must reach the binaries' folder.
fs.chmodSync(dir, 0o755);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('spawnPostgres', () => {
  it('fails with the reason, without crashing the process, when the postgres binary cannot be run', async () => {
    const notExecutable = path.join(dir, 'postgres');
    fs.writeFileSync(notExecutable, '#!/bin/sh\n', { mode: 0o644 });
    const missing = path.join(dir, 'missing', 'postgres');
    const run = (binary: string) => spawnPostgres({ pgData: dir, port: 1, flags: [], onLog: () => undefined, binary });
    await expect(run(notExecutable)).rejects.toThrow(`Could not run ${notExecutable} (EACCES).`);
    await expect(run(missing)).rejects.toThrow(`Could not run ${missing} (ENOENT).`);
  });
});
