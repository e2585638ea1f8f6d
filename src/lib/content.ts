import { hasHtml } from './hasHtml';

export { hasHtml };

export const SENTENCES_PER_PARAGRAPH = 5;

// Words ending in a full stop that do not end a sentence ("M. Diallo", "Dr. Mensah", "etc. Puis").
const ABBREVIATIONS = new Set(['m', 'mm', 'mme', 'mmes', 'mlle', 'dr', 'pr', 'me', 'st', 'ste', 'cf', 'av', 'vol', 'no']);
const ENDS_SENTENCE = /[.!?…]+["»)]?$/;
const STARTS_SENTENCE = /^[«"(]?[\p{Lu}0-9]/u;

function isAbbreviation(word: string): boolean {
  const bare = word.replace(/\.+$/, '').toLowerCase();
  return /^\p{L}$/u.test(bare) || ABBREVIATIONS.has(bare);
}

/**
 * Splits plain text into sentences, keeping their punctuation. A sentence ends at . ! ? or …
 * followed by a capital or a digit; abbreviations and initials do not end one, and neither do
 * full stops inside URLs or numbers (no space follows them).
 */
export function splitSentences(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const sentences: string[] = [];
  let current: string[] = [];
  words.forEach((word, i) => {
    current.push(word);
    // "… l'année. « On nous promet »": a lone opening quote belongs to the sentence after it.
    const next = /^[«"(]$/.test(words[i + 1] ?? '') ? (words[i + 2] ?? words[i + 1]) : words[i + 1];
    const isEnd = ENDS_SENTENCE.test(word) && (!next || STARTS_SENTENCE.test(next)) && !(word.endsWith('.') && isAbbreviation(word));
    if (isEnd || !next) {
      sentences.push(current.join(' '));
      current = [];
    }
  });
  return sentences;
}

/** Groups sentences into paragraphs of `size` (5 in the spec). */
export function toParagraphs(text: string, size = SENTENCES_PER_PARAGRAPH): string[] {
  const sentences = splitSentences(text);
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += size) paragraphs.push(sentences.slice(i, i + size).join(' '));
  return paragraphs;
}

export type TextPart = { type: 'text'; text: string } | { type: 'link'; href: string; text: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;

/** Splits text into plain parts and bare http(s) URLs; trailing punctuation stays out of the link. */
export function linkifyParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    const trailing = /[.,;:!?)»]+$/.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    if (match.index! > last) parts.push({ type: 'text', text: text.slice(last, match.index) });
    parts.push({ type: 'link', href: url, text: url });
    last = match.index! + url.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}

/**
 * The editor's URL-to-link conversion before saving. In HTML content, bare URLs outside links and
 * tags become links opening in a new tab. Plain text is left as typed: the reader links its URLs
 * when it displays it, and turning it into HTML would lose its paragraphs.
 */
export function linkifyForSave(content: string): string {
  if (!hasHtml(content)) return content;
  // Split into tags, anchors (kept whole) and text; only text outside anchors is linked.
  return content.replace(/(<a\b[\s\S]*?<\/a>|<[^>]+>)|([^<]+)/gi, (whole, markup: string | undefined, text: string | undefined) => {
    if (markup || !text) return whole;
    return (
      linkifyParts(text)
        // Text between tags is already HTML (entities encoded, no < or >): only quotes need escaping.
        .map((p) =>
          p.type === 'link'
            ? `<a href="${p.href.replace(/"/g, '&quot;')}" target="_blank" rel="noopener noreferrer">${p.text}</a>`
            : p.text,
        )
        .join('')
    );
  });
}
