import { afterEach, describe, expect, it, vi } from 'vitest';
import { recap, runSideBySide } from './steps.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A step that prints `lines` and exits with `code`. */
const nodeStep = (name: string, lines: string[], code: number) => ({
  name,
  command: process.execPath,
  args: ['-e', `console.log(${JSON.stringify(lines.join('\n'))}); process.exitCode = ${code}`],
});

describe('steps run side by side', () => {
  it('ends with the failed step’s recap: the line naming its failure, long scrolled away, then its last lines', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(...String(line).split('\n')));
    const failing = [
      '\x1b[31m  ✘  3 [stories] › tests/e2e/x.spec.ts:10:1 › a reader shares\x1b[39m',
      ...Array.from({ length: 300 }, (_, i) => `line ${i}`),
    ];

    const failed = await runSideBySide([nodeStep('e2e stories', failing, 1), nodeStep('e2e newsroom', ['  ✓ all good'], 0)]);

    expect(failed).toEqual(['e2e stories']);
    const tail = printed.slice(printed.findIndex((line) => line.startsWith('── e2e stories FAILED:')));
    expect(tail[1]).toBe('[e2e stories ✘]   ✘  3 [stories] › tests/e2e/x.spec.ts:10:1 › a reader shares');
    expect(tail.at(-1)).toBe('[e2e stories …] line 299');
    expect(tail.join('\n')).not.toContain('newsroom');
  });

  it('prints no recap when every step passed', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(String(line)));
    expect(await runSideBySide([nodeStep('a', ['× not a failure marker here'], 0), nodeStep('b', ['ok'], 0)])).toEqual([]);
    expect(printed.some((line) => line.includes('FAILED'))).toBe(false);
  });

  it('finds vitest’s, tsc’s and ESLint’s failure lines, ESLint’s with the file they are in', () => {
    const lines = [
      ' FAIL  src/a.test.ts > rule',
      '   × rule holds 12ms',
      'src/b.ts(3,1): error TS2322: no',
      '/work/src/c.ts',
      '  12:5  error  Promises must be awaited',
      '  14:1  error  Another one in the same file',
      '[e2e stories]   ✘  11 [stories] › a.spec.ts:9:1 › shares',
      // Not failures: a passed test naming sizes or a word with FAIL, a nested run's own recap.
      '[e2e stories]   ✓  9 [stories] › a 600×400 pop-up (2.7s)',
      '   ✓ says FAIL when the upload fails',
      '[e2e stories ✘]   ✘  11 [stories] › a.spec.ts:9:1 › shares',
      'fine',
    ];
    expect(recap('x', lines).filter((line) => line.startsWith('[x ✘]'))).toEqual(lines.slice(0, 7).map((line) => `[x ✘] ${line}`));
  });
});
