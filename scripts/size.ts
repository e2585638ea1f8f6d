// `npm run size`: production build, then the reader's first-load JS and the admin chunks, gzip.
import { build } from 'vite';
import path from 'node:path';
import { PROJECT_ROOT } from './localStack.ts';
import { analyzeBundle, formatReport } from './bundleReport.ts';

await build({ root: PROJECT_ROOT, logLevel: 'warn' });
console.log(formatReport(analyzeBundle(path.join(PROJECT_ROOT, 'dist', 'client'))));
