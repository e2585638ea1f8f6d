import { escapeHtml } from '@/lib/html';

/** The part of Vite's build manifest the server reads (dist/client/.vite/manifest.json). */
export type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

/**
 * Stylesheets and module preloads of a page the browser loads on demand (about, contact…). The
 * server sends that page's HTML at once, so its CSS must come with it, not with its JS later.
 */
export function lazyModuleLinks(manifest: Manifest, module: string): string {
  const seen = new Set<string>();
  const css = new Set<string>();
  const js: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk || chunk.isEntry) return;
    seen.add(key);
    js.push(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(module);
  return [
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`),
    ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
  ].join('');
}
