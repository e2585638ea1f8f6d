/**
 * Every failure the back office shows, told in French with what to do about it. The technical
 * detail goes to the console (reportError); the journalist reads a sentence, never a SQLSTATE or
 * an English server message. The shapes read here: supabase-js errors (PostgREST's code, details,
 * message; storage-js's status and statusCode), react-admin's HttpError (status, PostgREST's body),
 * fetch's TypeError, timeouts' AbortError/TimeoutError, and errors wrapping one of these (cause).
 */
import { LIMITS } from '../limits';

/** Where the failure happened: it decides who may do it, for a permission refusal. */
export type ErrorTopic = 'article' | 'image' | 'account' | 'frontPage';

/** An error whose message was written for the journalist (in French): shown as it is. */
export class ShownError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ShownError';
  }
}

export const NETWORK_LOST = 'Connexion perdue : vérifiez votre connexion puis réessayez.';
export const TIMED_OUT = 'Le serveur met trop de temps à répondre : réessayez dans un instant.';
export const SERVER_FAILED =
  "Le serveur rencontre un problème : réessayez dans quelques instants. Si cela continue, prévenez l'équipe technique.";
export const RATE_LIMITED = 'Trop de demandes en peu de temps : patientez une minute puis réessayez.';
export const SESSION_EXPIRED = 'Votre session a expiré : reconnectez-vous puis réessayez.';
export const UNEXPECTED = "Une erreur inattendue est survenue : réessayez. Si elle se répète, prévenez l'équipe technique.";

export const TITLE_TOO_LONG = LIMITS.title.message;
export const SLUG_TAKEN = 'Ce slug est déjà utilisé par un autre article : choisissez-en un autre.';
export const STALE_VERSION =
  "Cet article a été modifié par quelqu'un d'autre depuis que vous l'avez ouvert : rechargez-le avant d'enregistrer.";
export const ALT_TEXT_REQUIRED =
  "Une image de l'article n'a pas de texte alternatif : décrivez chaque image avant de publier ou de programmer l'article.";
export const AUTHOR_NOT_NEWSROOM = "L'auteur choisi ne fait pas partie de la rédaction : choisissez un journaliste ou un administrateur.";
export const PUBLICATION_TIME_MISSING = "Indiquez la date et l'heure de publication de l'article programmé.";
export const NEWSROOM_NAME_TAKEN = "Ce nom est celui d'un membre de la rédaction : choisissez-en un autre.";
export const LAST_ADMIN = "Impossible de retirer le dernier administrateur : nommez d'abord un autre administrateur.";
export const ALREADY_PINNED = 'Cet article est déjà à la une à un autre rang : retirez-le de ce rang ou choisissez-en un autre.';
export const ALREADY_EXISTS = "Cet élément existe déjà : rechargez la page pour voir l'état actuel.";
export const CATEGORY_HAS_ARTICLES =
  "Impossible de supprimer cette rubrique : des articles y sont classés. Classez-les d'abord dans une autre rubrique, ou masquez-la.";
export const TAG_HAS_ARTICLES =
  'Impossible de supprimer cette étiquette : des articles la portent. Fusionnez-la dans une autre, ou masquez-la.';
export const TAG_NAME_TAKEN = 'Une étiquette de ce type porte déjà ce nom (accents et majuscules mis à part).';
export const TAG_SLUG_TAKEN = 'Ce slug est déjà celui d’une autre étiquette : choisissez-en un autre.';
export const TOO_MANY_TAGS = 'Un article porte au plus 8 étiquettes : retirez-en une avant d’en ajouter une autre.';
export const LINKED_GONE = "Un élément lié n'existe plus (article, catégorie ou compte supprimé entre-temps) : rechargez la page.";
export const NOT_FOUND = 'Introuvable : il a peut-être été supprimé entre-temps. Rechargez la page.';
export const INVALID_VALUE = "Une valeur saisie n'est pas acceptée : vérifiez le formulaire puis réessayez.";
export const CONTENT_TOO_LARGE =
  "Le contenu est trop volumineux pour être enregistré : raccourcissez le texte ou retirez des images collées dans l'article.";

export const FILE_TYPE_REFUSED = 'Type de fichier refusé : seules les images JPEG, PNG, WebP, GIF ou AVIF sont acceptées.';
export const FILE_TOO_LARGE = 'Fichier trop volumineux : réduisez sa taille (10 Mo au plus) puis réessayez.';
export const STORAGE_FULL = "L'espace de stockage des images est plein : prévenez un administrateur avant d'ajouter d'autres images.";
export const FILE_NAME_REFUSED = 'Nom de fichier refusé : renommez le fichier (lettres sans accent, chiffres et tirets) puis réessayez.';
export const FILE_NOT_FOUND = 'Fichier introuvable : il a peut-être déjà été supprimé. Rechargez la page.';

export const FORBIDDEN: Record<ErrorTopic | 'default', string> = {
  default: "Vous n'avez pas le droit de faire cela : demandez à un administrateur.",
  article: "Vous n'avez pas le droit de faire cela : seul un administrateur peut publier ou supprimer cet article.",
  image:
    "Vous n'avez pas le droit de faire cela : seul un administrateur ou la personne qui a ajouté l'image peut la remplacer ou la supprimer.",
  account: "Vous n'avez pas le droit de faire cela : seul un administrateur peut gérer les comptes et les rôles.",
  frontPage: "Vous n'avez pas le droit de faire cela : seul un administrateur peut choisir la une.",
};

/** A check constraint (SQLSTATE 23514) by its name, in the words of the form it guards (src/admin/limits.ts). */
const CHECKS: Record<string, string> = {
  ...Object.fromEntries(Object.values(LIMITS).map((limit) => [limit.constraint, limit.message])),
  article_drafts_data_check: "Le brouillon est trop volumineux pour être gardé sur le serveur : enregistrez l'article.",
  // « Vrai ou faux »: the form holds each limit with its own message; this is a client past it.
  articles_fact_check_shape:
    "Un champ du « Vrai ou faux » dépasse sa limite ou n'a pas la bonne forme : vérifiez les longueurs, les liens (5 au plus) et les dates.",
};

/** Raised with a detail naming the rule (`raise … using detail = '…'`). */
const DETAILS: Record<string, string> = {
  alt_text_required: ALT_TEXT_REQUIRED,
  author_not_newsroom: AUTHOR_NOT_NEWSROOM,
  stale_version: STALE_VERSION,
  last_admin: LAST_ADMIN,
  // A reader's profile may not take a newsroom member's name (profiles_newsroom_name).
  name_of_newsroom_member: NEWSROOM_NAME_TAKEN,
  // The ninth tag of an article (private.article_tags_limit).
  too_many_tags: TOO_MANY_TAGS,
};

interface Facts {
  name?: string;
  code?: string;
  status?: number;
  /** storage-api's statusCode ('415') or error name ('InvalidMimeType'); hosted storage answers 400 for every 4xx. */
  storageCode?: string;
  details?: string;
  message: string;
  hint?: string;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

function factsOf(error: unknown): Facts {
  if (typeof error === 'string') return { message: error };
  const e = (error ?? {}) as Record<string, unknown>;
  const body = (e.body && typeof e.body === 'object' ? e.body : {}) as Record<string, unknown>;
  const statusCode = str(e.statusCode) ?? (typeof e.statusCode === 'number' ? String(e.statusCode) : undefined);
  const isStorage = /^Storage/.test(str(e.name) ?? '') || statusCode !== undefined;
  let status = typeof e.status === 'number' && e.status > 0 ? e.status : undefined;
  // storage-api's real status is in statusCode ('415'); the HTTP status is 400 for every 4xx.
  if (isStorage && statusCode && /^\d{3}$/.test(statusCode)) status = Number(statusCode);
  return {
    name: str(e.name),
    code: str(body.code) ?? (isStorage ? undefined : str(e.code)),
    status,
    storageCode: isStorage ? (statusCode ?? str(e.code) ?? str(e.error)) : undefined,
    details: str(body.details) ?? str(e.details),
    message: str(body.message) ?? str(e.message) ?? str(e.error) ?? '',
    hint: str(body.hint) ?? str(e.hint),
  };
}

/** The error an error wraps (Error.cause, storage-js's originalError), if any. */
function innerOf(error: unknown): unknown {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { cause?: unknown; originalError?: unknown };
  return e.cause ?? e.originalError;
}

const NETWORK_MESSAGE =
  /failed to fetch|networkerror|network ?request failed|load failed|fetch failed|err_network|err_internet_disconnected|econnrefused|econnreset|socket hang up|network connection was lost/i;

function isNetworkFacts(f: Facts): boolean {
  if (f.name === 'AuthRetryableFetchError') return true;
  return NETWORK_MESSAGE.test(f.message) && !f.code && (f.status === undefined || f.status === 0);
}

function isTimeoutFacts(f: Facts): boolean {
  return (
    f.name === 'AbortError' ||
    f.name === 'TimeoutError' ||
    f.code === '57014' ||
    f.status === 408 ||
    f.status === 504 ||
    /^AbortError:|timed? ?out|Request was aborted/i.test(`${f.message} ${f.hint ?? ''}`)
  );
}

// Connection exceptions, resources exhausted, serialization failures and deadlocks, the server
// shutting down, PostgREST unable to reach the database: worth another try.
const TRANSIENT_SQLSTATE = /^(08|53|57P|40001|40P01|PGRST00[0-3])/;

/** The error, then the errors it wraps (cause, originalError), outermost first, five at most. */
function layersOf(error: unknown): unknown[] {
  const layers: unknown[] = [];
  for (let current = error; current != null && layers.length < 5; current = innerOf(current)) layers.push(current);
  return layers;
}

/** Looks through wrappers (cause, originalError) for the first error that says something. */
function eachLayer(error: unknown): Facts[] {
  // A message written for the journalist says nothing technical: what it wraps does.
  return layersOf(error)
    .filter((layer) => !(layer instanceof ShownError))
    .map(factsOf);
}

/** A layer of a failure with the database's code and detail (PostgREST's body first, as react-admin's HttpError carries it). */
interface RefusalLayer {
  error: unknown;
  code?: string;
  details?: string;
}

/**
 * Each layer of a failure (the error, then what it wraps), with the database's code and detail:
 * for the code that answers a refusal its own way (the editor's, the session's).
 */
export function refusalLayers(error: unknown): RefusalLayer[] {
  return layersOf(error).map((layer) => {
    const e = (layer && typeof layer === 'object' ? layer : {}) as Record<string, unknown>;
    const body = (e.body && typeof e.body === 'object' ? e.body : {}) as Record<string, unknown>;
    return { error: layer, code: str(body.code) ?? str(e.code), details: str(body.details) ?? str(e.details) };
  });
}

/**
 * A failure worth retrying as it is: the network, a timeout, the server overloaded or failing
 * (5xx, 429). A refusal (a file type, a rule, a permission, a 4xx) would fail again the same way.
 */
export function isTransientError(error: unknown): boolean {
  return eachLayer(error).some(
    (f) =>
      isNetworkFacts(f) ||
      isTimeoutFacts(f) ||
      (f.status !== undefined && (f.status >= 500 || f.status === 429)) ||
      (f.code !== undefined && TRANSIENT_SQLSTATE.test(f.code)) ||
      f.code === 'over_request_rate_limit',
  );
}

function describeStorage(f: Facts, topic?: ErrorTopic): string | undefined {
  const c = f.storageCode ?? '';
  if (f.status === 415 || /InvalidMimeType|invalid_mime_type/i.test(c) || /mime type .* not supported/i.test(f.message))
    return FILE_TYPE_REFUSED;
  if (/quota|insufficient storage|storage (limit|full)/i.test(`${c} ${f.message}`) || f.status === 507) return STORAGE_FULL;
  if (f.status === 413 || /EntityTooLarge|Payload too large/i.test(c) || /exceeded the maximum allowed size/i.test(f.message))
    return FILE_TOO_LARGE;
  if (f.status === 403 || /AccessDenied|Unauthorized/i.test(c) || /row-level security/i.test(f.message)) return FORBIDDEN[topic ?? 'image'];
  if (/InvalidKey/i.test(c)) return FILE_NAME_REFUSED;
  if (f.status === 404 || /NoSuchKey|not_found/i.test(c)) return FILE_NOT_FOUND;
  if (f.status === 409 || /KeyAlreadyExists|Duplicate/i.test(c)) return ALREADY_EXISTS;
  return undefined;
}

function describeDatabase(f: Facts, topic?: ErrorTopic): string | undefined {
  const fromDetail = f.details ? DETAILS[f.details] : undefined;
  if (fromDetail) return fromDetail;
  switch (f.code) {
    case '23514': {
      const constraint = /check constraint "([^"]+)"/.exec(f.message)?.[1];
      return (constraint && CHECKS[constraint]) ?? INVALID_VALUE;
    }
    case '22001':
    case '22P02':
    case '22023':
    case '22007':
    case '22008':
      return INVALID_VALUE;
    case '23505':
      if (/tags_kind_name_idx/.test(f.message)) return TAG_NAME_TAKEN;
      if (/tags_slug_key/.test(f.message)) return TAG_SLUG_TAKEN;
      if (/slug/.test(`${f.message} ${f.details ?? ''}`) && topic !== 'account') return SLUG_TAKEN;
      if (/front_page/.test(f.message)) return ALREADY_PINNED;
      return ALREADY_EXISTS;
    case '23503':
      // Deleting a category its articles still point to (articles_category_id_fkey is on delete restrict).
      if (/on table "categories" violates foreign key constraint "articles_category_id_fkey"/.test(f.message)) return CATEGORY_HAS_ARTICLES;
      // Deleting a tag still on articles (article_tags_tag_id_fkey is on delete restrict).
      if (/violates foreign key constraint "article_tags_tag_id_fkey"/.test(f.message)) return TAG_HAS_ARTICLES;
      return LINKED_GONE;
    case '23502':
      return /published_at/.test(f.message) ? PUBLICATION_TIME_MISSING : INVALID_VALUE;
    case 'PT409':
      return STALE_VERSION;
    case '42501':
      return FORBIDDEN[topic ?? 'default'];
    case 'PGRST116':
      return NOT_FOUND;
    case 'PGRST301':
    case 'PGRST302':
    case 'PGRST303':
      return SESSION_EXPIRED;
    default: // any other code (or none): the message may still say what happened, below
  }
  if (/Request size limit exceeded/i.test(f.message)) return CONTENT_TOO_LARGE;
  return undefined;
}

function describeStatus(f: Facts, topic?: ErrorTopic): string | undefined {
  switch (f.status) {
    case 401:
      return SESSION_EXPIRED;
    case 403:
      return FORBIDDEN[topic ?? 'default'];
    case 404:
    case 406:
      return NOT_FOUND;
    case 413:
      return CONTENT_TOO_LARGE;
    case 429:
      return RATE_LIMITED;
    default: // any other status (or none): a server failure, below, or nothing to say
  }
  if (f.status !== undefined && f.status >= 500) return SERVER_FAILED;
  return undefined;
}

/** What to tell the journalist about a failure, in French: what happened and what to do. */
export function describeError(error: unknown, topic?: ErrorTopic): string {
  if (error instanceof ShownError) return error.message;
  const layers = eachLayer(error);
  for (const f of layers) {
    if (isNetworkFacts(f)) return NETWORK_LOST;
    if (f.code === 'over_request_rate_limit') return RATE_LIMITED;
    const said = (f.storageCode !== undefined ? describeStorage(f, topic) : undefined) ?? describeDatabase(f, topic);
    if (said) return said;
    if (isTimeoutFacts(f)) return TIMED_OUT;
    const byStatus = describeStatus(f, topic);
    if (byStatus) return byStatus;
    if (f.code && TRANSIENT_SQLSTATE.test(f.code)) return SERVER_FAILED;
  }
  // A wrapper around a message written for the journalist (the image pipeline's).
  let inner = innerOf(error);
  for (let depth = 0; inner != null && depth < 5; depth++, inner = innerOf(inner)) if (inner instanceof ShownError) return inner.message;
  return UNEXPECTED;
}

// What readers of a failure besides this file look at (react-admin: status, body.errors; the
// editor: body.code, details; auth: status): kept on the French error.
const TECHNICAL_FIELDS = ['status', 'body', 'code', 'details', 'hint', 'statusCode'] as const;

/**
 * The failure as a ShownError: its message the French sentence, so whatever shows `message`
 * (react-admin's own notifications and inputs) shows French; its technical fields and the
 * original (cause) kept for the code that reads them.
 */
export function asShownError(error: unknown, topic?: ErrorTopic): ShownError {
  if (error instanceof ShownError) return error;
  const shown = new ShownError(describeError(error, topic), { cause: error });
  if (error && typeof error === 'object')
    for (const field of TECHNICAL_FIELDS) if (field in error) Object.assign(shown, { [field]: (error as Record<string, unknown>)[field] });
  return shown;
}

/** For a read's promise: the failure goes to the console as it happens, then on to the caller. */
export const logFailure =
  (what: string) =>
  (error: unknown): never => {
    console.error(what, error);
    throw error;
  };

/** describeError, with the original error in the console for whoever investigates. */
export function reportError(error: unknown, topic?: ErrorTopic): string {
  const message = describeError(error, topic);
  if (!(error instanceof ShownError)) console.error(`Back-office failure${topic ? ` (${topic})` : ''}, shown as: ${message}`, error);
  return message;
}
