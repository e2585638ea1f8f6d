import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
/** The reader's service worker's source (src/offline/worker.ts), built to /sw.js. */
const WORKER_SOURCE = path.join(root, 'src/offline/worker.ts');

/**
 * Bundles the service worker alone into one classic script: a worker must keep one address
 * (/sw.js, so browsers find its next version) and shares no chunk with the pages. The build's id
 * goes into it, so every deploy changes its bytes and browsers install the new worker.
 */
async function buildServiceWorker(buildId: string, outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    resolve: { alias: { '@': path.join(root, 'src') } },
    define: { __BUILD_ID__: JSON.stringify(buildId), 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      minify: true,
      lib: { entry: WORKER_SOURCE, formats: ['iife'], name: 'afriqueActuWorker', fileName: () => 'sw.js' },
    },
  });
}

/** Writes dist/client/sw.js after the browser build, with that build's id (a hash of its files' names). */
export function serviceWorkerPlugin(): Plugin {
  let buildId = '';
  let outDir = '';
  return {
    name: 'service-worker',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle(_options, bundle) {
      buildId = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12);
    },
    writeBundle(options) {
      outDir = options.dir!;
    },
    async closeBundle() {
      if (outDir) await buildServiceWorker(buildId, outDir);
    },
  };
}
