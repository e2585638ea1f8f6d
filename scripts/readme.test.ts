import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Docs that cannot drift (issue 30): the README stays a newcomer's page, and what it no longer says
// is still said, once, somewhere it links to.

const ROOT = path.resolve(import.meta.dirname, '..');
const README = 'README.md';
const README_MAX_LINES = 150;

/** README.md, every page under docs/, and a workspace package's README when there is one. */
function documentationFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  const packages = existsSync(path.join(ROOT, 'packages'))
    ? readdirSync(path.join(ROOT, 'packages'))
        .map((p) => `packages/${p}/README.md`)
        .filter((f) => existsSync(path.join(ROOT, f)))
    : [];
  return [README, ...docs, ...packages];
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const withoutFences = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** Every `code span` of the documentation, fenced blocks apart. */
function codeSpans(): string[] {
  return documentationFiles().flatMap((f) => [...withoutFences(read(f)).matchAll(/`([^`\n]+)`/g)].map((m) => m[1].trim()));
}

/** A script is documented when a code span names it: `npm run x`, `npm start`, or `x` alone (in a list of scripts). */
function documentsScript(span: string, script: string): boolean {
  if (span === script) return true;
  const words = span.split(/\s+/).map((w) => w.replace(/[,;.]$/, ''));
  return words[0] === 'npm' && (words[1] === script || (words[1] === 'run' && words[2] === script));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (accents kept), spaces as dashes. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of withoutFences(read(file)).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading.trim());
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n ? `${base}-${n}` : base);
  }
  return result;
}

describe('README', () => {
  it(`stays at most ${README_MAX_LINES} lines`, () => {
    expect(read(README).trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('names the two set-up commands, the back office and the local accounts', () => {
    const readme = read(README);
    expect(readme).toContain('npm install && npm run dev');
    expect(readme).toContain('npm install && npm test');
    expect(readme).toContain('http://localhost:5173/admin');
    expect(readme).toContain('admin@afrique-actu.local');
  });
});

describe('documentation covers the project', () => {
  const spans = codeSpans();

  it('documents every npm script', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter((s) => !spans.some((span) => documentsScript(span, s)))).toEqual([]);
  });

  it('documents every variable of .env.example', () => {
    const variables = [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(variables).toContain('VITE_SUPABASE_URL');
    const named = new Set(spans.flatMap((span) => span.split(/[\s,=]+/)));
    expect(variables.filter((v) => !named.has(v))).toEqual([]);
  });

  it('links only to files and sections that exist', () => {
    const broken: string[] = [];
    for (const file of documentationFiles()) {
      for (const [, target] of withoutFences(read(file)).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue; // http:, https:, mailto:
        const [rawPath, anchor] = target.split('#');
        const linked = rawPath ? path.join(path.dirname(file), decodeURI(rawPath)) : file;
        if (!existsSync(path.join(ROOT, linked))) broken.push(`${file} → ${target} (no such file)`);
        else if (anchor && linked.endsWith('.md') && !anchors(linked).has(decodeURIComponent(anchor)))
          broken.push(`${file} → ${target} (no such section)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
