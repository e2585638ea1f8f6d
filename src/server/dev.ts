import fs from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import path from 'node:path';
import type { ModuleNode, ViteDevServer } from 'vite';
import type { SiteEnv } from '@/lib/siteEnv';
import { startNewsletter } from '@/newsletter/config';
import { startPush } from '@/push/config';
import { startEssentiel } from '@/essentiel/config';
import { isBackOfficePath } from '@/public/router/history';
import { createSiteHandler } from './app';
import { startHousekeeping } from './housekeeping';
import { startPurges } from './purge/config';
import { SOURCE_LITE_SCRIPTS } from './lite';
import type * as Renderer from './render';
import { assertTemplate } from './template';

const RENDERER = '/src/server/render.tsx';

/**
 * The CSS the server-rendered page needs, as <link>s: in development Vite injects CSS from
 * JavaScript after the page loads, which would show the server's HTML unstyled first.
 */
function stylesheets(vite: ViteDevServer): string {
  const seen = new Set<ModuleNode>();
  const css: string[] = [];
  const visit = (mod: ModuleNode | undefined) => {
    if (!mod || seen.has(mod)) return;
    seen.add(mod);
    if (mod.file?.endsWith('.css')) css.push(mod.url);
    mod.importedModules.forEach(visit);
  };
  visit(vite.moduleGraph.getModuleById(path.join(vite.config.root, RENDERER)));
  return css.map((url) => `<link rel="stylesheet" href="${url}${url.includes('?') ? '&' : '?'}direct" />`).join('');
}

export interface DevSite {
  url: string;
  close: () => Promise<void>;
}

/** `npm run dev`'s site: the production request handler, with Vite serving and reloading the source. */
export async function startDevSite(options: {
  root: string;
  port: number;
  env: SiteEnv;
  origin: string;
  /** The stack's service role key and inbox, and the local Telegram double, so the newsletter and the edition send locally (the environment wins). */
  newsletterEnv?: NodeJS.ProcessEnv;
}): Promise<DevSite> {
  const { createServer } = await import('vite');
  const httpServer = createHttpServer();
  const vite = await createServer({
    root: options.root,
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: httpServer } },
  });
  const template = fs.readFileSync(path.join(options.root, 'index.html'), 'utf8');
  assertTemplate(template);
  const page = async (url: string) => {
    const html = await vite.transformIndexHtml(url, template);
    return isBackOfficePath(new URL(url, 'http://site').pathname) ? html : html.replace('</head>', () => `${stylesheets(vite)}</head>`);
  };
  // The background jobs send through the stack (the environment wins).
  const background = { ...options.newsletterEnv, ...process.env };
  const { newsletter, stop: stopNewsletter } = startNewsletter(background, {
    supabaseUrl: options.env.supabaseUrl,
    origin: options.origin,
    newsroomTimeZone: options.env.newsroomTimeZone,
  });
  const { push, stop: stopPush } = startPush(background, {
    supabaseUrl: options.env.supabaseUrl,
    anonKey: options.env.supabaseAnonKey,
    origin: options.origin,
  });
  const { essentiel, stop: stopEssentiel } = startEssentiel(background, {
    supabaseUrl: options.env.supabaseUrl,
    origin: options.origin,
    timeZone: options.env.newsroomTimeZone,
  });
  const handler = createSiteHandler({
    newsletter,
    push,
    essentiel,
    env: options.env,
    origin: options.origin,
    ssr: true,
    inlineScriptNonce: true,
    renderer: () => vite.ssrLoadModule(RENDERER) as Promise<typeof Renderer>,
    template: page,
    files: vite.middlewares,
    lite: SOURCE_LITE_SCRIPTS,
  });
  // As `npm start` does: the purge queue drained (without a CDN set, emptied with nothing sent, or the
  // dashboard would call its rows late), idle live pages closed and the views folded.
  const { stop: stopPurges } = startPurges(background, {
    supabaseUrl: options.env.supabaseUrl,
    origin: options.origin,
    seenVersion: () => handler.version(),
  });
  const { stop: stopHousekeeping } = startHousekeeping(background, options.env.supabaseUrl);
  httpServer.on('request', handler);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://localhost:${options.port}/`,
    close: async () => {
      handler.close();
      stopNewsletter();
      stopPush();
      stopEssentiel();
      stopPurges();
      stopHousekeeping();
      await vite.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
