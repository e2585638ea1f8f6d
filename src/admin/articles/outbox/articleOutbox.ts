import type { DataProvider } from 'react-admin';
import { createOutbox, failureOutcome, storageOutbox, type Outbox, type QueuedItem, type SendOutcome } from '../../outbox/outbox';
import { describeSaveError } from '../saveErrors';

/** What the editor says at once when a save finds no network: the save is kept, not lost, not spinning. */
export const KEPT_ON_PHONE = "Connexion perdue : l'article est gardé sur ce téléphone et sera enregistré au retour du réseau";
/** Said once a kept save reached the newsroom. */
export const KEPT_SAVE_STORED = "Enregistré au retour du réseau : l'article gardé sur ce téléphone est arrivé à la rédaction";

/**
 * One save of the article editor kept on the phone: exactly what the data provider was given
 * (the form's payload after its transform: text, status, note, images' facts, version…), so the
 * replay is that same call. Keyed by the article's id, which a new article gets on the phone: a
 * later save of the same article replaces the waiting one, and a create replayed after its answer
 * was lost finds its article rather than making a second.
 */
export interface KeptArticleSave extends QueuedItem {
  kind: 'create' | 'update';
  title: string;
  params: { data: Record<string, unknown>; meta?: unknown; previousData?: unknown };
}

/** A save kept on the phone instead of sent: the editor tells it (KEPT_ON_PHONE), it is no failure. */
export class KeptOnPhone extends Error {
  constructor(readonly articleId: string) {
    super(KEPT_ON_PHONE);
  }
}

/** Each account's kept saves under a key of its own: a shared phone never sends one under the next journalist's name. */
export const articleOutboxKey = (userId: string) => `afriqueactu:article-outbox:${userId}`;

type Saves = Pick<DataProvider, 'create' | 'update' | 'getOne'>;

/** Whether the article exists (and the caller may read it): a create whose answer was lost did happen. */
async function exists(provider: Saves, id: string) {
  try {
    await provider.getOne('articles', { id, meta: { columns: ['id'] } });
    return true;
  } catch {
    return false;
  }
}

/** Sends one kept save as the editor would have: stored, the network again, or the database's refusal in French. */
export async function sendKeptSave(provider: Saves, item: KeptArticleSave, online = () => navigator.onLine): Promise<SendOutcome> {
  if (!online()) return { kind: 'network' };
  try {
    if (item.kind === 'create') await provider.create('articles', item.params);
    else await provider.update('articles', { id: item.id, ...item.params, previousData: item.params.previousData ?? {} });
    return { kind: 'stored' };
  } catch (error) {
    const outcome = failureOutcome(error, online(), describeSaveError);
    if (outcome.kind === 'refused' && item.kind === 'create' && (await exists(provider, item.id))) return { kind: 'stored' };
    return outcome;
  }
}

/**
 * The article editor's field outbox: the signed-in account's kept saves (none before sign-in),
 * the wrapper the data provider's article saves go through (withArticleOutbox), and a change
 * signal for the save bar and the sender.
 */
export function createArticleOutbox(provider: Saves, storage: () => Storage = () => localStorage) {
  let outbox: Outbox<KeptArticleSave> | null = null;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    /** The account whose saves are kept (null: none, saves fail as they come). */
    openFor(userId: string | null) {
      outbox = userId
        ? createOutbox(storageOutbox<KeptArticleSave>(storage(), articleOutboxKey(userId)), (i) => sendKeptSave(provider, i))
        : null;
      changed();
    },
    get enabled() {
      return outbox !== null;
    },
    kept: (articleId: string): KeptArticleSave | undefined => outbox?.items(articleId)[0],
    keep(item: Omit<KeptArticleSave, 'refusal' | 'articleId' | 'queuedAt'>) {
      outbox?.put({ ...item, articleId: item.id, queuedAt: new Date().toISOString() });
      changed();
    },
    drop(articleId: string) {
      outbox?.remove(articleId);
      changed();
    },
    async flush() {
      const report = (await outbox?.flush()) ?? { stored: [], refused: [], waiting: 0 };
      if (report.stored.length || report.refused.length) changed();
      return report;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type ArticleOutbox = ReturnType<typeof createArticleOutbox>;

/**
 * The articles' create and update through the outbox: offline (or lost on the network), the save
 * is kept and the call rejects at once with KeptOnPhone; saved, it replaces any kept one. Other
 * resources, and every save while no account is known, go as they are.
 */
export function withArticleOutbox<P extends DataProvider>(provider: P, outbox: ArticleOutbox, online = () => navigator.onLine): P {
  const save = async <R>(kind: KeptArticleSave['kind'], params: KeptArticleSave['params'] & { id?: unknown }, call: () => Promise<R>) => {
    const id = String(params.id ?? params.data.id ?? '');
    if (!outbox.enabled || !id) return call();
    const keep = () => {
      const { data, meta, previousData } = params;
      outbox.keep({
        id,
        kind: outbox.kept(id)?.kind === 'create' ? 'create' : kind,
        title: String(data.title ?? ''),
        params: { data, meta, previousData },
      });
      return new KeptOnPhone(id);
    };
    if (!online()) throw keep();
    try {
      const result = await call();
      if (outbox.kept(id)) outbox.drop(id);
      return result;
    } catch (error) {
      if (failureOutcome(error, online(), String).kind === 'network') throw keep();
      throw error;
    }
  };
  return {
    ...provider,
    create: (resource, params) =>
      resource === 'articles' ? save('create', params, () => provider.create(resource, params)) : provider.create(resource, params),
    update: (resource, params) =>
      resource === 'articles' ? save('update', params, () => provider.update(resource, params)) : provider.update(resource, params),
  };
}
