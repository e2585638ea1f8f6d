import { afterEach } from 'vitest';

// The unit lane reuses a worker's modules from file to file (isolate: false in vitest.config.ts):
// each file starts with the browser's storage empty, at a fresh address, on an empty page; a file
// that needs a module evaluated afresh (one that reads its settings once, such as src/lib/env.ts)
// calls vi.resetModules() itself.
if (typeof localStorage !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  // …and at the address a fresh page has: react-admin's router reads it (a hash another file left).
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
}

// Testing Library unmounts what a test rendered by itself only when Vitest's globals are on (they
// are not here). Only files in a DOM environment (component tests) load it; the others stay light.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
