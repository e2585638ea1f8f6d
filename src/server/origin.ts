/**
 * The site's public origin from SITE_URL (canonical and share links, feeds), checked once at
 * start-up: a scheme and host, nothing after them.
 */
export function siteOrigin(value: string | undefined, port: number): string {
  if (!value) {
    if (process.env.NODE_ENV === 'production')
      console.warn(
        `SITE_URL n’est pas réglé : les liens des pages, des cartes de partage et des flux mèneront à http://localhost:${port}.`,
      );
    return `http://localhost:${port}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_URL must be the site's public address, like https://www.example.com; got "${value}".`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname.replace(/\/$/, '') || url.search || url.hash)
    throw new Error(`SITE_URL must be an http(s) origin with no path, like https://www.example.com; got "${value}".`);
  return url.origin;
}
