import { VERDICT_STYLES, type FactCheck, type Verdict } from '@/lib/factCheck';

/**
 * The first thing on a fact-check's page: the verdict (icon, word and colour, contrast AA), the
 * claim checked, who made it and « En bref ». Plain HTML: the lite page and a browser without
 * JavaScript show it as the full page does.
 */
export function VerdictBand({ factCheck }: { factCheck: FactCheck & { verdict: Verdict } }) {
  const style = VERDICT_STYLES[factCheck.verdict];
  return (
    <section className="verdict-band" aria-label="Verdict" style={{ color: style.color, background: style.background }}>
      <p className="verdict-band__verdict">
        <span className="verdict-band__icon" aria-hidden="true">
          {style.icon}
        </span>{' '}
        <span className="verdict-band__label">{style.label}</span>
      </p>
      {factCheck.claim && (
        <p className="verdict-band__claim">
          <span className="verdict-band__what">Affirmation{factCheck.claimant ? ` (${factCheck.claimant})` : ''} :</span> «{' '}
          {factCheck.claim} »
        </p>
      )}
      {factCheck.summary && (
        <p className="verdict-band__summary">
          <strong>En bref :</strong> {factCheck.summary}
        </p>
      )}
    </section>
  );
}
