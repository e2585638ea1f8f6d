const BIO_LENGTH = 60;

/**
 * The users table shows a bio in two lines at most: cut at a word boundary within 60 characters,
 * with an ellipsis replacing any trailing punctuation ('Casablanca.…' reads badly). '-' when empty.
 */
export function shortBio(bio: string | null | undefined): string {
  const text = bio?.trim();
  if (!text) return '-';
  if (text.length <= BIO_LENGTH) return text;
  const cut = text.slice(0, BIO_LENGTH);
  const space = cut.lastIndexOf(' ');
  const atWord = space > BIO_LENGTH / 2 ? cut.slice(0, space) : cut;
  return `${atWord.replace(/[\s.,;:!?'’-]+$/, '')}…`;
}
