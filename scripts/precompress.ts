import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml)$/;

/** Set to 0 by a build that serves no reader (a test of `npm start`'s signals: buildSite's `precompress: false`). */
export const PRECOMPRESS_ENV = 'SITE_PRECOMPRESS';

/**
 * Writes .br and .gz copies of the built text files at the highest levels, once, so the server
 * (sirv) sends readers the smallest bytes without compressing on every request. About 6 CPU-s a
 * build (brotli's quality 11 over 3 MB).
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'precompress',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild && process.env[PRECOMPRESS_ENV] !== '0',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const body = await fs.promises.readFile(file);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzip(body, { level: 9 }),
          ]);
          await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
