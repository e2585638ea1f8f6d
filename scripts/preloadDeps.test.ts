import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { preloadDepsPlugin } from './preloadDeps';

const chunk = (fileName: string, imports: string[], css: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() },
});

/** The app's entry (React, the runtime, the shared chunk), the article page and its live chunk. */
const bundle = Object.fromEntries(
  [
    chunk('index.js', ['react.js', 'shared.js'], ['index.css']),
    chunk('react.js', ['runtime.js']),
    chunk('runtime.js', []),
    chunk('shared.js', []),
    chunk('ArticlePage.js', ['index.js', 'page-parts.js'], ['ArticlePage.css']),
    chunk('page-parts.js', ['index.js'], ['page-parts.css']),
    chunk('LiveUpdates.js', ['index.js', 'ArticlePage.js', 'live-shared.js'], ['LiveUpdates.css']),
    chunk('live-shared.js', ['shared.js']),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle;

function withBundle() {
  const { plugin, resolveDependencies } = preloadDepsPlugin();
  const hook = plugin.generateBundle as { handler: (this: unknown, options: unknown, output: OutputBundle) => void };
  hook.handler.call({}, {}, bundle);
  return resolveDependencies;
}

describe('lazy chunks’ preload lists', () => {
  it('leave out what the importing chunk already loaded with itself, and keep the rest', () => {
    const resolve = withBundle();
    const deps = ['runtime.js', 'react.js', 'shared.js', 'index.js', 'index.css', 'live-shared.js', 'LiveUpdates.css'];
    // Asked from the article page: the entry, its imports and their CSS are there already.
    expect(resolve('LiveUpdates.js', deps, { hostId: 'ArticlePage.js', hostType: 'js' })).toEqual(['live-shared.js', 'LiveUpdates.css']);
    // Asked from the entry: the article page's own imports still come with it.
    expect(
      resolve('ArticlePage.js', ['react.js', 'shared.js', 'page-parts.js', 'page-parts.css', 'ArticlePage.css'], {
        hostId: 'index.js',
        hostType: 'js',
      }),
    ).toEqual(['page-parts.js', 'page-parts.css', 'ArticlePage.css']);
  });

  it('leaves an HTML page’s list, and any list before the bundle is known, as Vite made them', () => {
    const resolve = withBundle();
    expect(resolve('index.js', ['react.js', 'shared.js'], { hostId: 'index.html', hostType: 'html' })).toEqual(['react.js', 'shared.js']);
    expect(preloadDepsPlugin().resolveDependencies('x.js', ['shared.js'], { hostId: 'index.js', hostType: 'js' })).toEqual(['shared.js']);
  });
});
