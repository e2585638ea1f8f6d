import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { LITE_SCRIPT_SOURCE } from '../src/server/lite.ts';
import { CHUNK_GRAPH_FILE, type ChunkInfo } from './bundleGraph.ts';

/** Code the reader must never download (docs/decisions.md#two-applications-one-page-shell). */
export const BACK_OFFICE_MODULES = /node_modules\/(react-admin|ra-[a-z-]+|@mui|@emotion|@tiptap|recharts|@raphiniert)\//;
const ADMIN_ENTRY = /\/src\/admin\/AdminApp\.tsx$/;

/** What an anonymous reader's pages may load with (gzip): issue 10's target, on every page type. */
export const READER_FIRST_LOAD_BUDGET_KB = 90;

/**
 * The page types held to the budget with everything their first render loads (issue 25): the app's
 * entry and, for a page that is a chunk of its own, that chunk and its static imports, as the server
 * preloads them with the page's HTML (src/server/manifest.ts).
 */
export const BUDGETED_PAGES = {
  home: 'src/public/pages/HomePage.tsx',
  category: 'src/public/pages/CategoryPage.tsx',
  article: 'src/public/pages/ArticlePage.tsx',
} as const;
export type BudgetedPage = keyof typeof BUDGETED_PAGES;

/**
 * Reader code kept off the first load on purpose, and when it does load (src/lib/supabase.ts,
 * useNearViewport, useLiveArticles, ArticleBody, useLiveFeed). None may end up in the first load.
 */
export const DEFERRED_CODE = [
  { name: 'auth', modules: /node_modules\/@supabase\/auth-js\//, when: 'a stored session, the /auth page, the back office' },
  {
    name: 'swiper',
    modules: /node_modules\/swiper\//,
    when: 'a carousel that starts: its first 5 s near the screen, or the reader reaching for it',
  },
  { name: 'realtime', modules: /node_modules\/@supabase\/realtime-js\//, when: 'home page kept open 10 s after it loaded' },
  {
    name: 'sanitizer',
    modules: /node_modules\/dompurify\//,
    when: 'an HTML article opened by an in-app link (the server hands its pages over sanitized)',
  },
  { name: 'storage', modules: /node_modules\/@supabase\/storage-js\//, when: 'back-office image uploads' },
  {
    name: 'live',
    modules: /\/src\/public\/live\/(poller|merge)\.ts$/,
    when: 'a live page once loaded (data-saver mode: the first « Vérifier les nouveautés »)',
  },
] as const;

export interface BundleReport {
  /** JS the browser fetches before a reader page can run: the entry and its static imports. */
  firstLoad: { file: string; gzip: number }[];
  /** The lite page's script (data-saver mode) and what it imports: all a lite page runs. */
  liteGzip: number;
  firstLoadGzip: number;
  /** Per page type, the scripts its first render loads (entry and page chunk) and their gzip total. */
  pages: { page: BudgetedPage; files: string[]; gzip: number }[];
  /** DEFERRED_CODE's chunks (with what they import beyond the first load), and their sizes. */
  deferred: { name: string; when: string; files: string[]; gzip: number }[];
  /** Deferred code found in the first load anyway, by name, with the offending chunks. */
  deferredInFirstLoad: { name: string; files: string[] }[];
  /** Every chunk a reader route can load (first load + lazy reader chunks), admin excluded. */
  readerChunks: string[];
  /** Reader chunks that contain back-office modules, with the offending module ids. */
  leaks: { file: string; modules: string[] }[];
  adminChunks: { file: string; gzip: number }[];
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

const readChunks = (outDir: string): ChunkInfo[] => JSON.parse(fs.readFileSync(path.join(outDir, CHUNK_GRAPH_FILE), 'utf8'));

/** The built chunks holding modules matching `modules` (E2E tells a browser's requests apart by them). */
export function chunksWith(outDir: string, modules: RegExp): string[] {
  return readChunks(outDir)
    .filter((c) => c.moduleIds.some((id) => modules.test(id)))
    .map((c) => c.fileName);
}

function closure(start: string[], byFile: Map<string, ChunkInfo>, follow: (c: ChunkInfo) => string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || !byFile.has(file)) continue;
    seen.add(file);
    stack.push(...follow(byFile.get(file)!));
  }
  return seen;
}

export function analyzeBundle(outDir: string): BundleReport {
  const chunks = readChunks(outDir);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
  // The lite page's script is an entry of its own, never loaded with the reader app.
  const isLiteEntry = (file: string) => Boolean(byFile.get(file)?.facadeModuleId?.endsWith(LITE_SCRIPT_SOURCE));
  const appEntries = entries.filter((f) => !isLiteEntry(f));
  const isAdminEntry = (file: string) => Boolean(byFile.get(file)?.facadeModuleId && ADMIN_ENTRY.test(byFile.get(file)!.facadeModuleId!));

  const firstLoad = closure(appEntries, byFile, (c) => c.imports);
  const lite = closure(entries.filter(isLiteEntry), byFile, (c) => c.imports);
  // Reader routes may lazy-load their own chunks, but never walk into the admin app.
  const reader = closure(entries, byFile, (c) => [...c.imports, ...c.dynamicImports.filter((f) => !isAdminEntry(f))]);
  const admin = closure(
    chunks.filter((c) => isAdminEntry(c.fileName)).map((c) => c.fileName),
    byFile,
    (c) => [...c.imports, ...c.dynamicImports],
  );

  const sized = (files: Iterable<string>) =>
    [...files].map((file) => ({ file, gzip: gzipSize(path.join(outDir, file)) })).sort((a, b) => b.gzip - a.gzip);
  const firstLoadSized = sized(firstLoad);
  const sum = (files: { gzip: number }[]) => files.reduce((n, f) => n + f.gzip, 0);
  const holding = (modules: RegExp) => chunks.filter((c) => c.moduleIds.some((id) => modules.test(id))).map((c) => c.fileName);
  const pages = (Object.entries(BUDGETED_PAGES) as [BudgetedPage, string][]).map(([page, module]) => {
    const own = chunks.filter((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`))).map((c) => c.fileName);
    if (!own.length) throw new Error(`no chunk holds ${module}: BUDGETED_PAGES is out of date`);
    const files = [...closure([...appEntries, ...own], byFile, (c) => c.imports)];
    return { page, files, gzip: sum(sized(files)) };
  });
  const deferred = DEFERRED_CODE.map(({ name, modules, when }) => {
    const files = [...closure(holding(modules), byFile, (c) => c.imports)].filter((f) => !firstLoad.has(f));
    return { name, when, files, gzip: sum(sized(files)) };
  });
  return {
    firstLoad: firstLoadSized,
    firstLoadGzip: sum(firstLoadSized),
    pages,
    liteGzip: sum(sized(lite)),
    deferred,
    deferredInFirstLoad: DEFERRED_CODE.map(({ name, modules }) => ({
      name,
      files: holding(modules).filter((f) => firstLoad.has(f)),
    })).filter((d) => d.files.length > 0),
    readerChunks: [...reader],
    leaks: [...reader]
      .map((file) => ({ file, modules: byFile.get(file)!.moduleIds.filter((id) => BACK_OFFICE_MODULES.test(id)) }))
      .filter((l) => l.modules.length > 0),
    adminChunks: sized([...admin].filter((f) => !reader.has(f))),
  };
}

export function formatReport(r: BundleReport): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [
    `Reader first-load JS: ${kb(r.firstLoadGzip)} gzip (budget ${READER_FIRST_LOAD_BUDGET_KB} KB)`,
    ...r.firstLoad.map((f) => `  ${f.file.padEnd(48)} ${kb(f.gzip)}`),
    `First render per page type, entry and page chunk (budget ${READER_FIRST_LOAD_BUDGET_KB} KB each):`,
    ...r.pages.map(
      (p) =>
        `  ${p.page.padEnd(10)} ${kb(p.gzip).padStart(9)}  (${p.files.filter((f) => !r.firstLoad.some((e) => e.file === f)).join(', ') || 'entry only'})`,
    ),
    `Lite page JS (data-saver mode, instead of the above): ${kb(r.liteGzip)} gzip`,
    `Loaded later, on demand${r.deferredInFirstLoad.length ? ` (BUT IN THE FIRST LOAD: ${r.deferredInFirstLoad.map((d) => d.name).join(', ')})` : ''}:`,
    ...r.deferred.map((d) => `  ${d.name.padEnd(10)} ${kb(d.gzip).padStart(9)}  when: ${d.when}  (${d.files.join(', ')})`),
    `Reader chunks (incl. lazy): ${r.readerChunks.length}; back-office code in them: ${r.leaks.length ? r.leaks.map((l) => l.file).join(', ') : 'none'}`,
    `Admin-only chunks: ${r.adminChunks.length}, ${kb(r.adminChunks.reduce((n, f) => n + f.gzip, 0))} gzip`,
    ...r.adminChunks.slice(0, 12).map((f) => `  ${f.file.padEnd(48)} ${kb(f.gzip)}`),
  ];
  return lines.join('\n');
}
