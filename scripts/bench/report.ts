// What bench:web prints from its runs: one table per device and the issue's targets. Pure, so the
// arithmetic and the ✓/✗ decisions are unit-tested (report.test.ts) without a browser.
import type { RunResult } from './measure.ts';
import type { HtmlCheck } from './serverHtml.ts';

export const PAGES = ['home', 'category', 'article'] as const;
export type Page = (typeof PAGES)[number];
export const MODES = ['normal', 'data-saver'] as const;
export type Mode = (typeof MODES)[number];
/** The runs measured for one device, page and mode (failed runs are simply absent). */
export type Runs = (device: string, page: Page, mode: Mode) => RunResult[];

/** Issue 10's targets: phone, cold cache, Slow 4G, CPU ×4. Reported, never asserted. */
export const TARGETS = {
  totalKb: { article: 150, category: 200, home: 250 } satisfies Record<Page, number>,
  jsKb: 90,
  lcpMs: 1200,
  cls: 0.01,
  dataSaverTotalKb: 60,
};
const TARGET_DEVICE = 'phone';

const KB = 1024; // as npm run size, so JS figures read the same in both

export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The most frequent value; on a tie, the one seen first. */
export function mostCommon(xs: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  let best: string | undefined;
  for (const [x, n] of counts) if (best === undefined || n > counts.get(best)!) best = x;
  return best;
}

const shown = (n: number, fmt: (n: number) => string) => (Number.isFinite(n) ? fmt(n) : '-');
const kb = (bytes: number) => shown(bytes / KB, (n) => n.toFixed(1));
const ms = (n: number) => shown(n, (v) => String(Math.round(v)));
const clsText = (n: number) => shown(n, (v) => v.toFixed(3));
const count = (n: number) => shown(n, (v) => String(v));
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** The first `textColumns` columns left-aligned, the (numeric) others right-aligned, two spaces apart. */
export function table(rows: string[][], textColumns = 1): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (c < textColumns ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const med = (rs: RunResult[], f: (r: RunResult) => number) => median(rs.map(f));

/** One row per page × mode: medians, plus the worst CLS since the target is on the worst run. */
export function deviceTable(runs: Runs, device: string): string {
  const rows = [['page', 'mode', 'runs', 'total KB', 'JS KB', 'image KB', 'requests', 'LCP ms', 'FCP ms', 'CLS', 'worst CLS']];
  for (const page of PAGES)
    for (const mode of MODES) {
      const rs = runs(device, page, mode);
      rows.push([
        page,
        mode,
        String(rs.length),
        kb(med(rs, (r) => r.totalBytes)),
        kb(med(rs, (r) => r.jsBytes)),
        kb(med(rs, (r) => r.imageBytes)),
        count(med(rs, (r) => r.requests)),
        ms(med(rs, (r) => r.lcp)),
        ms(med(rs, (r) => r.fcp)),
        clsText(med(rs, (r) => r.cls)),
        clsText(rs.length ? Math.max(...rs.map((r) => r.cls)) : NaN),
      ]);
    }
  return table(rows, 2);
}

/** "home 148.0, category 106.0, article 144.0 KB" and whether every page is within `limit`. */
function perPage(values: Record<Page, number>, limit: (p: Page) => number, fmt: (n: number) => string, unit: string) {
  const ok = PAGES.every((p) => Number.isFinite(values[p]) && values[p] <= limit(p));
  return { ok, text: `${PAGES.map((p) => `${p} ${fmt(values[p])}`).join(', ')} ${unit}` };
}
const byPage = (f: (p: Page) => number) => Object.fromEntries(PAGES.map((p) => [p, f(p)])) as Record<Page, number>;

/** The targets block: medians on the phone in normal mode, data-saver on the phone, the data-saver HTML check. */
export function targetLines(runs: Runs, dataSaverHtml: HtmlCheck): string[] {
  const normal = (p: Page) => runs(TARGET_DEVICE, p, 'normal');
  const lines: string[] = [];
  for (const page of [...PAGES].reverse()) {
    const total = med(normal(page), (r) => r.totalBytes);
    const limit = TARGETS.totalKb[page];
    lines.push(`${mark(total / KB <= limit)} ${page} total ≤ ${limit} KB: ${kb(total)} KB`);
  }
  const js = perPage(
    byPage((p) => med(normal(p), (r) => r.jsBytes) / KB),
    () => TARGETS.jsKb,
    (n) => shown(n, (v) => v.toFixed(1)),
    'KB',
  );
  lines.push(`${mark(js.ok)} JS ≤ ${TARGETS.jsKb} KB on each page: ${js.text}`);
  const lcp = perPage(
    byPage((p) => med(normal(p), (r) => r.lcp)),
    () => TARGETS.lcpMs,
    ms,
    'ms',
  );
  lines.push(`${mark(lcp.ok)} LCP ≤ ${TARGETS.lcpMs} ms on all three: ${lcp.text}`);
  const worst = PAGES.flatMap((p) => normal(p).map((r) => ({ p, cls: r.cls }))).reduce<{ p: Page; cls: number } | undefined>(
    (a, b) => (a === undefined || b.cls > a.cls ? b : a),
    undefined,
  );
  lines.push(
    worst
      ? `${mark(worst.cls <= TARGETS.cls)} CLS ≤ ${TARGETS.cls} on every run: worst ${clsText(worst.cls)} (${worst.p})`
      : `${mark(false)} CLS ≤ ${TARGETS.cls} on every run: no run`,
  );
  const saver = perPage(
    byPage((p) => med(runs(TARGET_DEVICE, p, 'data-saver'), (r) => r.totalBytes) / KB),
    () => TARGETS.dataSaverTotalKb,
    (n) => shown(n, (v) => v.toFixed(1)),
    'KB',
  );
  lines.push(`${mark(saver.ok)} data-saver: every page ≤ ${TARGETS.dataSaverTotalKb} KB total: ${saver.text}`);
  const seen = (b: boolean) => (b ? 'present' : 'absent');
  lines.push(
    `${mark(dataSaverHtml.headline && dataSaverHtml.firstParagraph)} data-saver HTML (Save-Data: on) has the article's headline and first paragraph: ` +
      `headline ${seen(dataSaverHtml.headline)}, first paragraph ${seen(dataSaverHtml.firstParagraph)}`,
  );
  return lines;
}

/** The most frequent LCP element of each device × page × mode: it explains a slow LCP. */
export function lcpElementLines(runs: Runs, devices: readonly string[]): string[] {
  const rows: string[][] = [];
  for (const device of devices)
    for (const page of PAGES)
      for (const mode of MODES) rows.push([device, page, mode, mostCommon(runs(device, page, mode).map((r) => r.lcpElement)) ?? '-']);
  return table(rows, 4).split('\n');
}
