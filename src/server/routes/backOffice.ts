import { fillTemplate } from '../template';
import { CACHE } from '../headers';
import { send } from './answers';
import type { RouteHandler, RouteRequest, Site } from './site';

/** The reader app's shell, rendered in the browser: asked for again every time, kept by no shared cache. */
export async function sendShell(site: Site, { res, url, nonce }: RouteRequest, noindex: boolean): Promise<void> {
  res.setHeader('Vary', 'Save-Data, Cookie');
  if (noindex) res.setHeader('X-Robots-Tag', 'noindex');
  const shell = fillTemplate(await site.options.template(url.pathname + url.search), { nonce, env: site.options.env });
  send(res, 200, 'text/html; charset=utf-8', CACHE.revalidate, shell);
}

/** The back office, rendered in the browser for signed-in staff only. */
export const appShell: RouteHandler = (site, request) => sendShell(site, request, true);
