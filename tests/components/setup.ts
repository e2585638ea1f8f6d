import { afterEach } from 'vitest';

// Testing Library unmounts what a test rendered by itself only when Vitest's globals are on (they
// are not here). Only files in a DOM environment (component tests) load it; the others stay light.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
