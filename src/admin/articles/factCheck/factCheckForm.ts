import { VERDICT_STYLES, VERDICTS, type FactCheck, type FactCheckSource } from '@/lib/factCheck';
import { goesOut } from '../images/altText';
import { characterCount } from '../editor/characterLimit';

/** The verdict scale as the editor offers it, true to false. */
export const VERDICT_CHOICES = VERDICTS.map((id) => ({ id, name: VERDICT_STYLES[id].label }));

/** The refusals of the database's fact-check rules (their detail), in the editor's words. */
export const FACT_CHECK_REFUSALS: Record<string, string> = {
  fact_check_unverified:
    "Un « Vrai ou faux » ne part qu'une fois « Vérifié par » un second membre de la rédaction : demandez à un collègue de le vérifier.",
  fact_check_incomplete:
    "Un « Vrai ou faux » ne part qu'avec l'affirmation, qui l'affirme, le verdict, « En bref » et au moins une source.",
  checker_is_author:
    "L'auteur d'un « Vrai ou faux » ne peut pas le vérifier lui-même : un second membre de la rédaction signe « Vérifié par ».",
  checker_not_self: "« Vérifié par » se signe de son propre nom : chacun ne vérifie qu'en son nom.",
  checker_not_newsroom: '« Vérifié par » doit être un membre de la rédaction.',
};

const oneLine = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
const text = (value: string | null | undefined) => (value ?? '').trim();

type FormSource = Partial<FactCheckSource> | null | undefined;
/** What the form holds: the same fields, any of them empty or half typed. */
export type FactCheckFormValues = Omit<FactCheck, 'sources' | 'links'> & {
  links?: (string | null | undefined)[] | null;
  sources?: FormSource[] | null;
};

/**
 * The check to store: one-line fields on one line, texts trimmed, empty fields and empty link or
 * source rows dropped (a journalist may fill the third link and leave the first), so what the
 * database holds is only what was written.
 */
export function factCheckToSave(values: FactCheckFormValues | null | undefined): FactCheck {
  const v = values ?? {};
  const saved: FactCheck = {};
  for (const key of ['claim', 'claimant', 'channels', 'summary'] as const) if (oneLine(v[key])) saved[key] = oneLine(v[key]);
  for (const key of ['what_is_true', 'why_it_matters'] as const) if (text(v[key])) saved[key] = text(v[key]);
  if (v.first_seen) saved.first_seen = v.first_seen.slice(0, 10);
  if (v.verdict) saved.verdict = v.verdict;
  const links = (v.links ?? []).map((l) => text(l)).filter(Boolean);
  if (links.length) saved.links = links;
  const sources = (v.sources ?? [])
    .map((s) => ({ title: oneLine(s?.title), url: text(s?.url), consulted: (s?.consulted ?? '').slice(0, 10) }))
    .filter((s) => s.title || s.url || s.consulted);
  if (sources.length) saved.sources = sources;
  return saved;
}

const ADDRESS = /^https?:\/\/\S+$/;
export const ADDRESS_MESSAGE = 'Saisissez une adresse web complète (https://…).';

type Validate = (value: unknown, all: { status?: unknown }) => string | undefined;

/** At most `max` characters (as the database counts them). */
export const withinLimit =
  (max: number, what: string): Validate =>
  (value) =>
    typeof value === 'string' && characterCount(value) > max
      ? `${what} ne peut pas dépasser ${max} caractères : raccourcissez.`
      : undefined;

/** Required only when the article goes out (published or scheduled): a draft may stay unfinished. */
export const requiredToPublish =
  (message: string): Validate =>
  (value, all) =>
    goesOut(all?.status) && !(typeof value === 'string' ? value.trim() : value) ? message : undefined;

export const addressOrEmpty: Validate = (value) =>
  typeof value === 'string' && value.trim() && !ADDRESS.test(value.trim()) ? ADDRESS_MESSAGE : undefined;

/** Going out needs one source with its title, address and date. */
export const sourcesToPublish: Validate = (value, all) =>
  goesOut(all?.status) && !(Array.isArray(value) && value.some((s: FormSource) => s?.title?.trim() && s?.url?.trim()))
    ? 'Ajoutez au moins une source (titre, lien, date de consultation) pour publier.'
    : undefined;
