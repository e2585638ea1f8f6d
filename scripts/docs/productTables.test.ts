import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MD, withGeneratedTables } from './productTables';

// docs/product.md cannot drift from the code: its tables of numbers and messages are written from
// the code (productTables.ts), and every French sentence its message tables quote is in the code.
const page = fs.readFileSync(PRODUCT_MD, 'utf8');

it('has its generated tables as the code writes them (npx tsx scripts/docs/productTables.ts rewrites them)', () => {
  expect(page).toBe(withGeneratedTables(page));
});

/** Every source file of the application, as one text with string escapes undone. */
function sourceText(dir: string): string {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n')
    .replace(/\\'/g, "'")
    .replace(/\\u00a0/g, '\u00a0');
}

/** The outermost « … » quotes of a line, inner quotes kept. */
function quotes(line: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '«' && depth++ === 0) start = i + 1;
    if (line[i] === '»' && depth > 0 && --depth === 0) found.push(line.slice(start, i).trim());
  }
  return found;
}

/**
 * The parts of a quoted sentence the code must hold as they are: what lies between its
 * placeholders (`{name}`, a file's name quoted inside, « name »), its numbers (the code writes
 * its constants in) and brackets (around a placeholder in the code).
 */
const fixedParts = (sentence: string) =>
  sentence
    .split(/\{[^}]*\}|« ?name ?»|\bname\b|\d[\d\u00a0\u202f ,]*|[()]/)
    // A stop before a placeholder may be the code's joining (`${failed}.`): the words are checked.
    .map((part) => part.trim().replace(/[.:]$/, ''))
    .filter((part) => part.length >= 4);

describe('the quoted messages of the Validation and Messages sections', () => {
  const code = sourceText(path.join(import.meta.dirname, '../../src'));
  // The generated tables hold the code's own strings already.
  const sections = page
    .slice(page.indexOf('\n## Validation'), page.indexOf('\n## Audience measurement'))
    .replace(/<!-- generated:([\w-]+) -->[\s\S]*?<!-- \/generated:\1 -->/g, '');
  const rows = sections.split('\n').filter((line) => line.startsWith('|') && line.includes('«'));

  it('quote something', () => expect(rows.length).toBeGreaterThan(30));
  it.each(rows.flatMap((row) => quotes(row).map((sentence) => [sentence])))('« %s » is in the code', (sentence) => {
    for (const part of fixedParts(sentence)) expect(code, `« ${sentence} »: “${part}”`).toContain(part);
  });
});

it('names only files that exist (a path, or a file name found somewhere in the repository)', () => {
  const root = path.join(import.meta.dirname, '../..');
  const named = [...new Set([...page.matchAll(/`([\w./-]+\.(?:ts|tsx|css|sql|toml|webp))`/g)].map((m) => m[1]))];
  expect(named.length).toBeGreaterThan(20);
  const names = new Set(
    fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => !f.startsWith('node_modules') && !f.startsWith('.git'))
      .map((f) => path.basename(f)),
  );
  const missing = named.filter((file) => !fs.existsSync(path.join(root, file)) && !names.has(path.basename(file)));
  expect(missing).toEqual([]);
});
