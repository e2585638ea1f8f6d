import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * A lazy chunk's preload list without what the importing chunk already has: its own static imports
 * (and theirs) and their CSS ran before its code could ask for anything, so naming them again in
 * each `import()`'s list only costs bytes of the chunk every reader downloads (the app's entry
 * names React, the runtime and the shared chunk in each of its 25 lists). `modulePreload.
 * resolveDependencies` asks with the importing chunk (`hostId`); the plugin gives it the bundle.
 */
/** Chunks a page loads once it has loaded (ArticlePage's LiveSection). */
const LOADED_LATER = /\/LiveUpdates-[^/]*\.js$/;

export function preloadDepsPlugin(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], host: { hostId: string; hostType: string }) => string[];
} {
  let bundle: OutputBundle | undefined;
  const loaded = new Map<string, Set<string>>();
  const loadedWith = (host: string): Set<string> => {
    let files = loaded.get(host);
    if (files || !bundle) return files ?? new Set();
    files = new Set();
    const stack = [host];
    while (stack.length) {
      const file = stack.pop()!;
      const chunk = bundle[file];
      if (files.has(file) || !chunk || chunk.type !== 'chunk') continue;
      files.add(file);
      for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      stack.push(...chunk.imports);
    }
    loaded.set(host, files);
    return files;
  };
  return {
    plugin: {
      name: 'preload-deps',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          loaded.clear();
        },
      },
    },
    // An HTML host (index.html) links its entry's imports itself: its list stays as Vite makes it. A
    // chunk loaded once the page has loaded (a live coverage's) needs no scripts fetched ahead of it:
    // its styles only (which nothing else would load).
    resolveDependencies: (file, deps, { hostId, hostType }) =>
      hostType !== 'js'
        ? deps
        : deps.filter((dep) => !loadedWith(hostId).has(dep) && (!LOADED_LATER.test(file) || dep === file || dep.endsWith('.css'))),
  };
}
