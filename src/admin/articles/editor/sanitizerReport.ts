import { hasHtml, linkifyForSave } from '@/lib/content';
import { findEmbedCode } from './embedLinks';

/**
 * What saving will remove from an article's HTML, found by comparing it with what the reader's
 * sanitizer (the one used at save and at render) makes of it, so the list follows the allowlist
 * whatever it becomes.
 */

type LossKind =
  | 'table'
  | 'videoFrame'
  | 'frame'
  | 'media'
  | 'object'
  | 'script'
  | 'handler'
  | 'styleSheet'
  | 'form'
  | 'heading'
  | 'drawing'
  | 'imageSource'
  | 'unsafeLink'
  | 'inlineStyle'
  | 'other';

/** In the order the notice lists them: what a journalist misses most first. */
const LABELS: Record<LossKind, [one: string, many: string]> = {
  table: ['tableau', 'tableaux'],
  videoFrame: ['vidéo intégrée (iframe)', 'vidéos intégrées (iframe)'],
  frame: ['contenu intégré (iframe)', 'contenus intégrés (iframe)'],
  media: ['lecteur audio ou vidéo', 'lecteurs audio ou vidéo'],
  object: ['objet intégré (embed, object)', 'objets intégrés (embed, object)'],
  script: ['script', 'scripts'],
  handler: ['attribut de script (onclick…)', 'attributs de script (onclick…)'],
  styleSheet: ['feuille de style', 'feuilles de style'],
  form: ['élément de formulaire', 'éléments de formulaire'],
  heading: ['intertitre de niveau 1, 5 ou 6 (son texte reste)', 'intertitres de niveau 1, 5 ou 6 (leur texte reste)'],
  drawing: ['dessin (svg, canvas)', 'dessins (svg, canvas)'],
  imageSource: ["image sans adresse web (collée d'un fichier ?)", "images sans adresse web (collées d'un fichier ?)"],
  unsafeLink: ['lien non sûr', 'liens non sûrs'],
  inlineStyle: ['mise en forme en ligne (couleur, police…)', 'mises en forme en ligne (couleurs, polices…)'],
  other: ['autre élément', 'autres éléments'],
};

const KIND_OF_TAG: Record<string, LossKind> = {
  table: 'table',
  video: 'media',
  audio: 'media',
  embed: 'object',
  object: 'object',
  script: 'script',
  style: 'styleSheet',
  form: 'form',
  input: 'form',
  button: 'form',
  select: 'form',
  textarea: 'form',
  h1: 'heading',
  h5: 'heading',
  h6: 'heading',
  svg: 'drawing',
  canvas: 'drawing',
  math: 'drawing',
};

/**
 * Elements whose loss nobody sees: wrappers whose text stays where it was, a table's inner parts
 * (the table is counted once), the children of a counted element, and what office suites paste
 * around a selection.
 */
const UNSEEN = new Set(
  (
    'div span font section article header footer main aside nav center small big mark abbr cite q dfn time data label ' +
    'del ins dl dt dd address details summary html head body meta link title base tbody thead tfoot tr td th caption colgroup col ' +
    'option optgroup fieldset legend source track param picture noscript template wbr'
  ).split(' '),
);
const VIDEO_HOST = /^https?:\/\/(?:[\w-]+\.)*(youtube(?:-nocookie)?\.com|vimeo\.com|dailymotion\.com|facebook\.com|tiktok\.com)\//i;

export interface Loss {
  kind: LossKind;
  count: number;
  /** "1 tableau", "2 vidéos intégrées (iframe)". */
  text: string;
}

export interface SanitizerReport {
  losses: Loss[];
  /** YouTube videos and X posts to paste as a link alone on its own line instead of their code. */
  embedLinks: string[];
  /** YouTube or X embed code is among what goes. */
  embedCode: boolean;
}

export const NOTHING_LOST: SanitizerReport = { losses: [], embedLinks: [], embedCode: false };

const parse = (html: string): DocumentFragment => {
  // A template's content is inert: nothing in it runs or loads while it is counted.
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
};

function tagCounts(root: ParentNode): Map<string, number> {
  const counts = new Map<string, number>();
  for (const el of root.querySelectorAll('*')) {
    // Inside a removed script, drawing or frame, the parts are not counted again.
    if (el.parentElement?.closest('svg, math, script, style, iframe, object, video, audio')) continue;
    const tag = el.localName;
    counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return counts;
}

const count = (root: ParentNode, selector: string) => root.querySelectorAll(selector).length;
const handlerCount = (root: ParentNode) =>
  [...root.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).length;

/**
 * What `sanitize` removes from `content` as the editor saves it (bare URLs linked first), as
 * counts of kinds of elements. Plain text is saved as typed: nothing to report.
 */
export function sanitizerReport(content: string, sanitize: (html: string) => string): SanitizerReport {
  if (!hasHtml(content)) return NOTHING_LOST;
  const linked = linkifyForSave(content);
  const before = parse(linked);
  const after = parse(sanitize(linked));
  const kept = tagCounts(after);
  const lost = new Map<LossKind, number>();
  const add = (kind: LossKind, n: number) => n > 0 && lost.set(kind, (lost.get(kind) ?? 0) + n);

  for (const [tag, n] of tagCounts(before)) {
    const gone = n - (kept.get(tag) ?? 0);
    if (gone <= 0 || UNSEEN.has(tag) || tag.includes(':')) continue;
    if (tag === 'iframe') {
      // Every frame goes (none is allowed): each is a video or another embed by its address.
      const frames = [...before.querySelectorAll('iframe')].slice(0, gone);
      const videos = frames.filter((f) => VIDEO_HOST.test(f.getAttribute('src') ?? '')).length;
      add('videoFrame', videos);
      add('frame', frames.length - videos);
    } else {
      add(KIND_OF_TAG[tag] ?? 'other', gone);
    }
  }
  add('imageSource', count(before, 'img[src]') - count(after, 'img[src]'));
  add('unsafeLink', count(before, 'a[href]') - count(after, 'a[href]'));
  add('handler', handlerCount(before) - handlerCount(after));
  add('inlineStyle', count(before, '[style]') - count(after, '[style]'));

  const losses = listed(lost);
  if (!losses.length) return NOTHING_LOST;
  const embeds = findEmbedCode(before);
  return { losses, embedLinks: embeds.links, embedCode: embeds.found };
}

/** Counts in the notice's order, with their words. */
function listed(counts: Map<LossKind, number>): Loss[] {
  return (Object.keys(LABELS) as LossKind[])
    .filter((kind) => counts.has(kind))
    .map((kind) => {
      const n = counts.get(kind)!;
      return { kind, count: n, text: `${n} ${LABELS[kind][n > 1 ? 1 : 0]}` };
    });
}

/** Two reports as one: what several pastes lost. */
export function mergeReports(a: SanitizerReport, b: SanitizerReport): SanitizerReport {
  if (!b.losses.length) return a;
  if (!a.losses.length) return b;
  const counts = new Map<LossKind, number>();
  for (const l of [...a.losses, ...b.losses]) counts.set(l.kind, (counts.get(l.kind) ?? 0) + l.count);
  return {
    losses: listed(counts),
    embedLinks: [...new Set([...a.embedLinks, ...b.embedLinks])],
    embedCode: a.embedCode || b.embedCode,
  };
}
