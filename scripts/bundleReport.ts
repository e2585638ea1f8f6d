import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { CHUNK_GRAPH_FILE, type ChunkInfo } from './bundleGraph.ts';

/** Code the reader must never download (design §1). */
export const BACK_OFFICE_MODULES = /node_modules\/(react-admin|ra-[a-z-]+|@mui|@emotion|@tiptap|recharts|@raphiniert)\//;
const ADMIN_ENTRY = /\/src\/admin\/AdminApp\.tsx$/;

export interface BundleReport {
  /** JS the browser fetches before a reader page can run: the entry and its static imports. */
  firstLoad: { file: string; gzip: number }[];
  firstLoadGzip: number;
  /** Every chunk a reader route can load (first load + lazy reader chunks), admin excluded. */
  readerChunks: string[];
  /** Reader chunks that contain back-office modules, with the offending module ids. */
  leaks: { file: string; modules: string[] }[];
  adminChunks: { file: string; gzip: number }[];
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

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
  const chunks: ChunkInfo[] = JSON.parse(fs.readFileSync(path.join(outDir, CHUNK_GRAPH_FILE), 'utf8'));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
  const isAdminEntry = (file: string) => Boolean(byFile.get(file)?.facadeModuleId && ADMIN_ENTRY.test(byFile.get(file)!.facadeModuleId!));

  const firstLoad = closure(entries, byFile, (c) => c.imports);
  // Reader routes may lazy-load their own chunks, but never walk into the admin app.
  const reader = closure(entries, byFile, (c) => [...c.imports, ...c.dynamicImports.filter((f) => !isAdminEntry(f))]);
  const admin = closure(chunks.filter((c) => isAdminEntry(c.fileName)).map((c) => c.fileName), byFile, (c) => [...c.imports, ...c.dynamicImports]);

  const sized = (files: Iterable<string>) =>
    [...files].map((file) => ({ file, gzip: gzipSize(path.join(outDir, file)) })).sort((a, b) => b.gzip - a.gzip);
  const firstLoadSized = sized(firstLoad);
  return {
    firstLoad: firstLoadSized,
    firstLoadGzip: firstLoadSized.reduce((n, f) => n + f.gzip, 0),
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
    `Reader first-load JS: ${kb(r.firstLoadGzip)} gzip (budget 120 KB)`,
    ...r.firstLoad.map((f) => `  ${f.file.padEnd(48)} ${kb(f.gzip)}`),
    `Reader chunks (incl. lazy): ${r.readerChunks.length}; back-office code in them: ${r.leaks.length ? r.leaks.map((l) => l.file).join(', ') : 'none'}`,
    `Admin-only chunks: ${r.adminChunks.length}, ${kb(r.adminChunks.reduce((n, f) => n + f.gzip, 0))} gzip`,
    ...r.adminChunks.slice(0, 12).map((f) => `  ${f.file.padEnd(48)} ${kb(f.gzip)}`),
  ];
  return lines.join('\n');
}
