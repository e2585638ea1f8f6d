import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { inject } from 'vitest';
import { createSiteHandler } from '../app';
import { SOURCE_LITE_SCRIPTS } from '../lite';
import * as renderer from '../render';
import { staticFiles } from '../static';

export const ORIGIN = 'https://afrique-actu.example';
export const ASSET = '/assets/app-3f9a1c.js';

/**
 * The site's real request handler on a free port, against the test stack, rendering from the
 * source; a one-file build folder stands in for the browser build's assets.
 */
export async function startTestSite(
  options: { ssr?: boolean; inlineScriptNonce?: boolean } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, ASSET), 'console.log("reader");\n');
  const template = fs.readFileSync(path.join(import.meta.dirname, '../../../index.html'), 'utf8');
  const server: Server = createServer(
    createSiteHandler({
      env: { supabaseUrl: inject('apiUrl'), supabaseAnonKey: inject('anonKey') },
      origin: ORIGIN,
      ssr: options.ssr ?? true,
      inlineScriptNonce: options.inlineScriptNonce,
      template: async () => template,
      renderer: async () => renderer,
      files: staticFiles(clientDir),
      lite: SOURCE_LITE_SCRIPTS,
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
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
