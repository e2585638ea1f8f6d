/**
 * A benchmark's `--name N` or `--name=N` (a positive integer), else `env`'s value when given, else
 * `fallback`; anything else is refused with the option's name.
 */
export function countOption(name: string, fallback: number, env?: string): number {
  const i = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  const raw = i < 0 ? env : process.argv[i].includes('=') ? process.argv[i].split('=')[1] : process.argv[i + 1];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got ${raw}`);
  return n;
}
