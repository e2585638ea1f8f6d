import { PostgrestError } from '@supabase/postgrest-js';
import { StorageApiError, StorageUnknownError } from '@supabase/storage-js';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as fr from './frenchErrors';
import { describeError, isTransientError, reportError, ShownError } from './frenchErrors';

const pg = (code: string, message: string, details = '') => new PostgrestError({ code, message, details, hint: '' });
/** What react-admin's REST calls reject with: the HTTP status and PostgREST's JSON body. */
const http = (status: number, code: string, message: string, details: string | null = null) =>
  new HttpError(message, status, { code, message, details, hint: null });
/** storage-js's error for a storage-api answer: HTTP 400 for every 4xx, the real code in statusCode. */
const storage = (statusCode: string, message: string, status = Number(statusCode) >= 500 ? Number(statusCode) : 400) =>
  new StorageApiError(message, status, statusCode);

describe('database refusals', () => {
  it('names the title limit', () => {
    const error = pg('23514', 'new row for relation "articles" violates check constraint "articles_title_check"');
    expect(describeError(error)).toBe('Le titre ne peut pas dépasser 150 caractères : raccourcissez-le.');
    expect(describeError(http(400, '23514', error.message))).toBe(fr.TITLE_TOO_LONG);
  });
  it('names the other checks by their constraint, and any other in general words', () => {
    expect(describeError(pg('23514', 'violates check constraint "article_images_caption_check"'))).toMatch(/^La légende dépasse 300/);
    expect(describeError(pg('23514', 'violates check constraint "articles_excerpt_check"'))).toMatch(/^L'extrait dépasse 1 000/);
    expect(describeError(pg('23514', 'violates check constraint "something_new_check"'))).toBe(fr.INVALID_VALUE);
  });
  it('reads the rule a trigger names in its detail', () => {
    expect(describeError(pg('23514', 'alt text needed', 'alt_text_required'))).toBe(fr.ALT_TEXT_REQUIRED);
    expect(describeError(http(400, '23514', 'the author must be a member', 'author_not_newsroom'))).toBe(fr.AUTHOR_NOT_NEWSROOM);
    expect(describeError(pg('P0001', 'Cannot remove the last administrator', 'last_admin'))).toBe(fr.LAST_ADMIN);
    expect(describeError(http(409, '23505', "this name is a newsroom member's", 'name_of_newsroom_member'))).toBe(fr.NEWSROOM_NAME_TAKEN);
  });
  it('tells a taken slug, a pinned article and other duplicates apart', () => {
    expect(describeError(http(409, '23505', 'duplicate key value violates unique constraint "articles_slug_key"'))).toBe(
      'Ce slug est déjà utilisé par un autre article : choisissez-en un autre.',
    );
    expect(describeError(pg('23505', 'duplicate key value violates unique constraint "front_page_article_id_key"'))).toBe(
      fr.ALREADY_PINNED,
    );
    expect(describeError(pg('23505', 'duplicate key value violates unique constraint "user_roles_user_id_role_key"'))).toBe(
      fr.ALREADY_EXISTS,
    );
  });
  it('tells the tags’ refusals: the ninth tag, a name or slug taken, a tag still on articles', () => {
    expect(describeError(pg('23514', 'Un article porte au plus 8 étiquettes.', 'too_many_tags'))).toBe(fr.TOO_MANY_TAGS);
    expect(describeError(pg('23505', 'duplicate key value violates unique constraint "tags_kind_name_idx"'))).toBe(fr.TAG_NAME_TAKEN);
    expect(describeError(pg('23505', 'duplicate key value violates unique constraint "tags_slug_key"'))).toBe(fr.TAG_SLUG_TAKEN);
    expect(
      describeError(
        pg('23503', 'update or delete on table "tags" violates foreign key constraint "article_tags_tag_id_fkey" on table "article_tags"'),
      ),
    ).toBe(fr.TAG_HAS_ARTICLES);
  });
  it('says the article changed meanwhile (stale version)', () => {
    expect(describeError(http(409, 'PT409', 'article x was saved by someone else since version 3', 'stale_version'))).toBe(
      fr.STALE_VERSION,
    );
  });
  it('says who may do what when row-level security refuses (42501)', () => {
    const refusal = http(403, '42501', 'new row violates row-level security policy for table "articles"');
    expect(describeError(refusal, 'article')).toBe(
      "Vous n'avez pas le droit de faire cela : seul un administrateur peut publier ou supprimer cet article.",
    );
    expect(describeError(refusal, 'frontPage')).toMatch(/seul un administrateur peut choisir la une/);
    expect(describeError(pg('42501', 'administrators only'), 'account')).toMatch(/gérer les comptes/);
    expect(describeError(pg('42501', 'administrators only'))).toMatch(/^Vous n'avez pas le droit de faire cela/);
  });
  it('covers missing rows, vanished links, a scheduled article without its time and an expired session', () => {
    expect(describeError(pg('PGRST116', 'JSON object requested, multiple (or no) rows returned'))).toBe(fr.NOT_FOUND);
    expect(describeError(pg('23503', 'insert or update violates foreign key constraint'))).toBe(fr.LINKED_GONE);
    const stillFiled =
      'update or delete on table "categories" violates foreign key constraint "articles_category_id_fkey" on table "articles"';
    expect(describeError(http(409, '23503', stillFiled))).toBe(fr.CATEGORY_HAS_ARTICLES);
    expect(describeError(pg('23502', 'a scheduled article needs its publication time (published_at)'))).toBe(fr.PUBLICATION_TIME_MISSING);
    expect(describeError(http(401, 'PGRST303', 'JWT expired'))).toBe(fr.SESSION_EXPIRED);
  });
});

describe('storage refusals', () => {
  it('refused file type (415, invalid_mime_type)', () => {
    expect(describeError(storage('415', 'mime type text/plain is not supported'))).toBe(
      'Type de fichier refusé : seules les images JPEG, PNG, WebP, GIF ou AVIF sont acceptées.',
    );
    expect(describeError(storage('InvalidMimeType', 'mime type image/svg+xml is not supported'))).toBe(fr.FILE_TYPE_REFUSED);
  });
  it('too large (413, Payload too large)', () => {
    expect(describeError(storage('413', 'The object exceeded the maximum allowed size'))).toBe(fr.FILE_TOO_LARGE);
    expect(describeError(storage('EntityTooLarge', 'Payload too large'))).toBe(fr.FILE_TOO_LARGE);
  });
  it('quota, permission, missing file', () => {
    expect(describeError(storage('413', 'The organization quota has been exceeded'))).toBe(fr.STORAGE_FULL);
    expect(describeError(storage('403', 'new row violates row-level security policy'))).toMatch(/personne qui a ajouté l'image/);
    expect(describeError(storage('404', 'Object not found'))).toBe(fr.FILE_NOT_FOUND);
  });
});

describe('network and server failures', () => {
  it('connection lost, whatever the client', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toBe('Connexion perdue : vérifiez votre connexion puis réessayez.');
    expect(describeError(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(fr.NETWORK_LOST);
    expect(describeError(new TypeError('Load failed'))).toBe(fr.NETWORK_LOST);
    // postgrest-js turns a failed fetch into an error object with no code.
    expect(describeError(pg('', 'TypeError: Failed to fetch'))).toBe(fr.NETWORK_LOST);
    expect(describeError(new StorageUnknownError('Failed to fetch', new TypeError('Failed to fetch')))).toBe(fr.NETWORK_LOST);
    expect(describeError(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(fr.NETWORK_LOST);
  });
  it('timeouts', () => {
    expect(describeError(new DOMException('signal timed out', 'TimeoutError'))).toBe(fr.TIMED_OUT);
    expect(describeError(http(500, '57014', 'canceling statement due to statement timeout'))).toBe(fr.TIMED_OUT);
    expect(describeError(new HttpError('Gateway Timeout', 504))).toBe(fr.TIMED_OUT);
  });
  it('5xx, rate limits, request too large', () => {
    expect(describeError(new HttpError('Internal Server Error', 500))).toBe(fr.SERVER_FAILED);
    expect(describeError(http(503, 'PGRST001', 'Database client error'))).toBe(fr.SERVER_FAILED);
    expect(describeError(storage('500', 'Internal server error'))).toBe(fr.SERVER_FAILED);
    expect(describeError(new HttpError('Too Many Requests', 429))).toBe(fr.RATE_LIMITED);
    expect(describeError(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'))).toBe(fr.RATE_LIMITED);
    expect(describeError(new HttpError('Request size limit exceeded', 413, { message: 'Request size limit exceeded' }))).toBe(
      fr.CONTENT_TOO_LARGE,
    );
  });
});

describe('anything else', () => {
  it('never shows an English message', () => {
    expect(describeError(new Error("Cannot read properties of undefined (reading 'id')"))).toBe(fr.UNEXPECTED);
    expect(describeError({})).toBe(fr.UNEXPECTED);
    expect(describeError(null)).toBe(fr.UNEXPECTED);
  });
  it('shows a message written for the journalist as it is, even wrapped', () => {
    const shown = new ShownError('Image illisible : « a.jpg ».');
    expect(describeError(shown)).toBe('Image illisible : « a.jpg ».');
    expect(describeError(new Error('wrapper', { cause: shown }))).toBe('Image illisible : « a.jpg ».');
  });
  it('looks through a wrapper for the database error it carries', () => {
    const wrapped = new Error('The article images were not recorded', { cause: pg('42501', 'row-level security') });
    expect(describeError(wrapped, 'image')).toBe(describeError(pg('42501', 'x'), 'image'));
  });
});

describe('reportError', () => {
  afterEach(() => vi.restoreAllMocks());
  it('puts the original error in the console and returns the French sentence', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new TypeError('Failed to fetch');
    expect(reportError(error, 'article')).toBe(fr.NETWORK_LOST);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(fr.NETWORK_LOST), error);
  });
});

describe('isTransientError: only what may succeed on another try', () => {
  it('retries the network, timeouts, 5xx and 429', () => {
    for (const error of [
      new TypeError('Failed to fetch'),
      pg('', 'TypeError: Failed to fetch'),
      new StorageUnknownError('Failed to fetch', new TypeError('Failed to fetch')),
      new DOMException('signal timed out', 'TimeoutError'),
      new HttpError('Bad Gateway', 502),
      storage('503', 'Service unavailable'),
      new HttpError('Too Many Requests', 429),
      http(503, 'PGRST001', 'Database client error'),
      pg('40001', 'could not serialize access'),
    ])
      expect(isTransientError(error), String(error)).toBe(true);
  });
  it('never retries a refusal', () => {
    for (const error of [
      storage('415', 'mime type text/plain is not supported'),
      storage('413', 'The object exceeded the maximum allowed size'),
      storage('403', 'new row violates row-level security policy'),
      http(400, '23514', 'violates check constraint "articles_title_check"'),
      http(409, '23505', 'duplicate key'),
      http(403, '42501', 'row-level security'),
      http(409, 'PT409', 'stale', 'stale_version'),
      new HttpError('Not Found', 404),
      new ShownError("Format d'image non pris en charge"),
      new Error('anything else'),
    ])
      expect(isTransientError(error), String(error)).toBe(false);
  });
});
