// `npm run mirror:export`: the lite site as static files, for a second host (docs/deployment.md#mirror).
//   MIRROR_FROM  the running site to read (default http://127.0.0.1:$PORT, PORT 3000)
//   MIRROR_DIR   where the files go (default ./mirror), replaced whole
//   VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY  the site's Supabase, read as any visitor (the local stack's by default)
// Exits 1 when a page weighs more than 30 KB (gzip, as a static host sends it) or could not be read.
import path from 'node:path';
import { readEnv } from '../src/lib/siteEnv.ts';
import { anonReader, exportMirror, MIRROR_PAGE_MAX_BYTES } from '../src/server/mirror.ts';

const site = (process.env.MIRROR_FROM || `http://127.0.0.1:${process.env.PORT || 3000}`).replace(/\/$/, '');
const dir = path.resolve(process.env.MIRROR_DIR || 'mirror');
const report = await exportMirror({ site, dir, db: anonReader(readEnv(process.env)) });
const heaviest = Math.max(...report.pages.map((p) => p.bytes));
console.log(`Miroir : ${report.pages.length} pages dans ${dir} (la plus lourde : ${(heaviest / 1024).toFixed(1)} Ko compressée).`);
for (const page of report.tooHeavy) console.error(`Trop lourde (plus de ${MIRROR_PAGE_MAX_BYTES / 1024} Ko compressée) : ${page}`);
for (const page of report.missing) console.error(`Non exportée (la page n'a pas répondu entière) : ${page}`);
process.exit(report.tooHeavy.length || report.missing.length ? 1 : 0);
