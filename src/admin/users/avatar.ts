/**
 * Where an avatar may be loaded from in the back office: the project's own public storage only.
 * avatar_url is written by its owner; any other address would make every administrator's browser
 * call a server of the owner's choosing (a tracking pixel that learns when and from where
 * administrators work). Anything else shows the name's initials.
 */
export function ownStorageAvatar(url: string | null | undefined, supabaseUrl: string): string | undefined {
  if (!url) return undefined;
  let avatar: URL;
  let project: URL;
  try {
    avatar = new URL(url);
    project = new URL(supabaseUrl);
  } catch {
    return undefined;
  }
  const prefix = `${project.pathname.replace(/\/$/, '')}/storage/v1/object/public/`;
  // The URL parser has resolved dot segments (also encoded ones) before this prefix is compared.
  if (avatar.origin !== project.origin || avatar.username || avatar.password || !avatar.pathname.startsWith(prefix)) return undefined;
  return avatar.href;
}

/** Up to two initials of a display name ("Awa Traoré" -> "AT"), "?" when it has no letter. */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => word.match(/\p{L}/u)?.[0] ?? '')
    .filter(Boolean);
  if (letters.length === 0) return '?';
  const picked = letters.length === 1 ? letters : [letters[0], letters[letters.length - 1]];
  return picked.join('').toLocaleUpperCase('fr');
}
