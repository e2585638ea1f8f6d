import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/lib/database';
import type { Edition } from '@/offline/edition';
import type { SiteServerOptions } from '../app';
import type { Params } from '@/public/router/match';
import type { Refusal } from '../renderLimit';
import type { Outcome, Sized, StalePages, Verdict } from '../stalePages';
import type { ServerRoute } from '../routes';
import type { Built, StoredFile } from '../negativeAnswers';
import type { StoredPage } from './stored';

export type Reader = PostgrestClient<Database>;

/** What the site's routes share: its settings, its reads, its kept pages and files, and how they are rendered. */
export interface Site {
  options: SiteServerOptions;
  /** Whether « Mode urgence » is on (emergency.ts): every reading page goes out lite, for everyone. */
  emergency: () => boolean;
  db: Reader;
  /** The service role's client, when the server has its key: it counts views without JavaScript (routes/servedView.ts). */
  views: Reader | null;
  sanitizeHtml: (html: string) => string;
  /** Kept pages (stalePages.ts); searches apart (their addresses have no end). */
  pages: StalePages<StoredPage>;
  endlessPages: StalePages<StoredPage>;
  /** Live coverages' delta answers (routes/liveDelta.ts), apart: one per revision, small. */
  live: StalePages<StoredFile>;
  /** Kept feeds and sitemaps; editions apart (minutes, not seconds). */
  files: StalePages<StoredFile>;
  editions: StalePages<StoredFile>;
  /** What names nothing (a 404 feed, an old address no post had), kept apart and small (negativeAnswers.ts). */
  misses: StalePages<StoredFile>;
  /** Old WordPress addresses' answers, apart from the files (wordpressAddresses.ts, MOVES_MAX_BYTES). */
  moves: StalePages<StoredFile>;
  /** renderOrStale under the render limit, for this request's client (renderLimit.ts). */
  limitedRender: <T extends Sized>(
    req: IncomingMessage,
    store: StalePages<T>,
    key: string | null,
    render: () => Promise<T>,
    verdict: (page: T) => Verdict,
  ) => Promise<Outcome<T> | Refusal>;
  /** A lookup of a file or an old address under the render limit, its misses kept in `misses` (negativeAnswers.ts). */
  lookup: (
    req: IncomingMessage,
    bodies: StalePages<StoredFile>,
    key: string,
    build: () => Promise<Built>,
  ) => Promise<Outcome<StoredFile> | Refusal>;
  /** A generated file, kept like a page: rebuilt at most once per fresh time, a failure answered for FAILED_MS. */
  generated: (
    store: StalePages<StoredFile>,
    key: string,
    build: () => Promise<StoredFile>,
  ) => Promise<{ page: StoredFile; stale: boolean }>;
  /** A rendered page in the template, as readers get it. */
  pageDocument: (
    address: string,
    rendered: StoredPage,
    how: { nonce: string | null; dataSaver: boolean; stale: boolean; litePage: boolean },
  ) => Promise<string>;
  /** The page a refusal (429/503) answers with: the reader app's shell. */
  refusalShell: (address: string, nonce: string | null) => Promise<string>;
  /** Today's edition for reading offline, per mode. */
  edition: (dataSaver: boolean) => Promise<Edition>;
  newsletter: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
  push: (req: IncomingMessage, res: ServerResponse, url: URL) => boolean;
}

/** One request as a route's handler gets it: its row (cache policy, keys) and the params its path gave. */
export interface RouteRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Params;
  nonce: string | null;
  route: ServerRoute;
}

/** A route's handler: true (or nothing) when it answered, false to leave the request to the next row. */
export type RouteHandler = (site: Site, request: RouteRequest) => Promise<boolean | void> | boolean | void;
