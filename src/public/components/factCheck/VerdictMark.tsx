import { isVerdict, VERDICT_STYLES } from '@/lib/factCheck';

/**
 * A fact-check's verdict as a small mark (« ✘ Faux »): on cards and on the listing. Text, colour
 * and icon in the HTML, so it reads without pictures, styles or scripts. Nothing for an article
 * that is no fact-check.
 */
export function VerdictMark({ format, verdict }: { format?: string | null; verdict?: string | null }) {
  if (format !== 'factcheck' || !isVerdict(verdict)) return null;
  const style = VERDICT_STYLES[verdict];
  return (
    <span className="verdict-mark" style={{ color: style.color, background: style.background }}>
      <span aria-hidden="true">{style.icon}</span> {style.label}
    </span>
  );
}
