import { linkifyParts } from '@/lib/content';

/** Plain text with its bare http(s) addresses made links (opening apart), one paragraph per line break pair. */
export function LinkedText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs.map((paragraph, i) => (
    <p key={i}>
      {linkifyParts(paragraph).map((part, j) =>
        part.type === 'link' ? (
          <a key={j} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  ));
}
