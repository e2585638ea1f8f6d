import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGraphPlugin } from './scripts/bundleGraph.ts';
import { precompressPlugin } from './scripts/precompress.ts';
import { preloadDepsPlugin } from './scripts/preloadDeps.ts';
import { serviceWorkerPlugin } from './scripts/serviceWorker.ts';
import { LITE_SCRIPT_SOURCE } from './src/server/lite.ts';

// `npm run build` makes two builds: the browser's (dist/client, with the manifest the server reads
// to link a lazy page's CSS) and the server's (`--ssr src/server/main.ts`, dist/server).
const preloadDeps = preloadDepsPlugin();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [chunkGraphPlugin(), precompressPlugin(), serviceWorkerPlugin(), preloadDeps.plugin])],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist/server', sourcemap: true, copyPublicDir: false }
    : {
        target: 'es2022',
        outDir: 'dist/client',
        sourcemap: false,
        manifest: true,
        // No modulepreload polyfill (0.4 KB gzip in every first load): every browser the site serves
        // supports <link rel="modulepreload">, and one that does not still fetches each module on import.
        modulePreload: { polyfill: false, resolveDependencies: preloadDeps.resolveDependencies },
        // The lite page's script (data-saver mode) is an entry of its own, sharing nothing it need not.
        rollupOptions: {
          // Every reader page runs React and the session helpers: one chunk for them, where the bundler would
          // otherwise cut them into several as lazy chunks share them (each cut costs gzip bytes).
          // Their own modules only: what they import stays where the lite page can share it. The data
          // client (PostgREST) is not among them: a first render has its data in the HTML.
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: 'react',
                  test: /node_modules\/(react|react-dom|scheduler)\/|src\/lib\/(supabaseClients|env)\.ts$/,
                },
                // What both entries (the app and the lite page) share, in one chunk: the session and
                // data-saver helpers, the bundler's runtime, the dates, and the offline constants
                // and checks the edition button and the worker's registration also import, and what the lite
                // page's live check shares with the app's first load (pictures' renditions, reader paths, the
                // HTML test): anything else would be cut out of the app's entry as a chunk of its own. Left to
                // the bundler, the small ones were chunks of 40 to 700 bytes, each costing a request
                // and about 0.9 KB of response headers (CSP and the rest) on a metered phone.
                {
                  name: 'shared',
                  test: /rolldown\/runtime|vite\/preload-helper|src\/lib\/(authStorage|siteEnv|siteName|dates|renditions|readerPaths|hasHtml)\.ts$|src\/public\/(dataSaver\/(liteDom|choice|weight)|page\/pageDataBlock|api\/viewCalls)\.ts$|src\/offline\/(paths|support|editionSlot)\.ts$/,
                },
                // What a live page's coverage (its chunk) and the lite page's live check share, the live
                // shapes and helpers included: one chunk for live pages rather than several small ones, each a
                // request, and none of it in an ordinary page's first load.
                {
                  name: 'live-shared',
                  test: /src\/public\/live\/(checkText|liveDom)\.ts$|src\/public\/components\/live\/entryShare\.ts$|src\/lib\/(newsroomTime|live)\.ts$/,
                },
                // What the home, category and article pages (chunks of their own) share, the cards and the
                // lazy pages' error state: one chunk rather than several small ones, each costing a page's
                // first load. Their code only: their styles stay in the entry's stylesheet, where a chunk's
                // own would be a second render-blocking stylesheet on every listing page (a round trip
                // before a phone's first paint).
                // The icons and their sprite's address (0.3 KB) too: left apart they were a request of their
                // own on every article, for the share bar, where their bytes cost less than its headers.
                {
                  name: 'page-parts',
                  test: /src\/public\/(routing\/LoadFailure|hooks\/(useCarouselStart|useNearViewport)|components\/(carousel|MostRead|ArticleCard|CardGridSkeleton|PublishedTime|Pager|Icon|factCheck\/VerdictMark)|dataSaver\/TapImage|alerts\/AlertsButton|assets\/hero)\.(tsx?|webp)$|src\/lib\/(corrections|readingTime)\.ts$|src\/public\/assets\/icons\.svg\?no-inline$/,
                },
                // What every page loads once it has loaded, in normal and data-saver mode alike: the
                // reading measure and its channel tags (src/public/api/views.ts), and the worker's and
                // alerts' registration. One request rather than three.
                {
                  name: 'after-load',
                  test: /src\/public\/reading\/(article|visit|engagement)\.ts$|src\/lib\/channels\.ts$|src\/offline\/register\.ts$|src\/public\/alerts\/trigger\.ts$/,
                },
                // The share bar with the fact-check's share text it shares with the correction kit:
                // one request on an article rather than two.
                {
                  name: 'share',
                  test: /src\/public\/components\/(ShareButtons|share|systemShare|factCheck\/verdictText)\.tsx?$/,
                },
              ],
            },
          },
          input: { index: path.resolve(import.meta.dirname, 'index.html'), lite: path.resolve(import.meta.dirname, LITE_SCRIPT_SOURCE) },
        },
      },
}));
