import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { expect, inject } from 'vitest';
import { anonClient } from '@afriqueactu/supabase-local/testing';
import { createSiteHandler, type SiteServerOptions } from '../../src/server/app';
import { SOURCE_LITE_SCRIPTS } from '../../src/server/lite';
import * as renderer from '../../src/server/render';
import { staticFiles } from '../../src/server/static';

export const ORIGIN = 'https://afrique-actu.example';
export const ASSET = '/assets/app-3f9a1c.js';

/** Every request renders: the tests that change the newsroom and read the page at once (the page cache's own tests turn it on). */
const NO_FRESH_COPIES = { freshMs: -1 };

/**
 * The site's real request handler on a free port, against the test stack, rendering from the
 * source; a one-file build folder stands in for the browser build's assets. `renders` counts the
 * renders of reader pages, `version` is the content version the handler has proven, `heldBytes`
 * what its kept copies hold.
 */
export async function startTestSite(
  options: Partial<
    Pick<
      SiteServerOptions,
      'ssr' | 'inlineScriptNonce' | 'pageCache' | 'renderLimit' | 'trustProxy' | 'readContentVersion' | 'essentiel' | 'serviceRoleKey'
    > & {
      /** Another address for the stack's API (a proxy in front of it). */
      supabaseUrl: string;
    }
  > = {},
): Promise<{ url: string; close: () => Promise<void>; renders: () => number; version: () => string | null; heldBytes: () => number }> {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, ASSET), 'console.log("reader");\n');
  const template = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
  let renders = 0;
  const counted: typeof renderer = {
    ...renderer,
    renderPage: (...args) => {
      renders += 1;
      return renderer.renderPage(...args);
    },
  };
  const handler = createSiteHandler({
    env: { supabaseUrl: options.supabaseUrl ?? inject('apiUrl'), supabaseAnonKey: inject('anonKey') },
    origin: ORIGIN,
    ssr: options.ssr ?? true,
    inlineScriptNonce: options.inlineScriptNonce,
    template: async () => template,
    renderer: async () => counted,
    files: staticFiles(clientDir),
    lite: SOURCE_LITE_SCRIPTS,
    pageCache: options.pageCache ?? NO_FRESH_COPIES,
    renderLimit: options.renderLimit,
    trustProxy: options.trustProxy,
    readContentVersion: options.readContentVersion,
    essentiel: options.essentiel,
    serviceRoleKey: options.serviceRoleKey,
  });
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Kept pages need the content version: the first read is under way (a second at most).
  for (const deadline = Date.now() + 5000; handler.version() === null && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 20));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    renders: () => renders,
    version: () => handler.version(),
    heldBytes: () => handler.heldBytes(),
    close: async () => {
      handler.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

/** The database's content version now: after a change, what every site must have read for its kept copies to go. */
export async function versionNow(): Promise<string> {
  const { data, error } = await anonClient().rpc('content_version');
  if (error) throw new Error(error.message);
  return data;
}

/** The change counter of a version (the part before '@'), which only goes up; -1 for none proven. */
const counter = (version: string | null) => Number((version ?? '-1@').split('@')[0]);

/**
 * Waits until every site has read the version the last change made, or a later one ("within a few
 * seconds"). A version no longer proven (null, a slow poll under load) has not caught up: its kept
 * copies were not dropped, and one may still answer while a render runs late.
 */
export async function caughtUp(...sites: { version: () => string | null }[]): Promise<void> {
  const target = await versionNow();
  const started = Date.now();
  while (sites.some((site) => site.version() !== target && counter(site.version()) <= counter(target))) {
    expect(Date.now() - started, 'the change reached every site within a few seconds').toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A page as a browser without JavaScript (or a link-preview bot) sees it. */
export async function getPage(url: string, init?: RequestInit): Promise<{ res: Response; doc: Document; html: string }> {
  const res = await fetch(url, init);
  const html = await res.text();
  return { res, html, doc: new JSDOM(html).window.document };
}

/** Parses XML strictly: a malformed feed fails here. */
export function parseXml(xml: string): Document {
  const doc = new new JSDOM().window.DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`invalid XML: ${error.textContent}`);
  return doc;
}

export const metaContent = (doc: Document, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
