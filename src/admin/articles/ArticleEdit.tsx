import { useEffect, useState } from 'react';
import { EditBase, useCanAccess, useEditContext, useGetIdentity, useRedirect } from 'react-admin';
import { Loading } from '@/lib/Loading';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { toArticleUpdate } from './articlePayload';
import { ArticleEditor } from './ArticleEditor';
import { ArticleReadOnly } from './ArticleReadOnly';
import { TrackedVersion } from './baseVersion';
import { EDIT_COLUMNS } from './constants';
import { describeError, NOT_FOUND } from '../providers/frenchErrors';
import { useErrorNotify, useTitledNotify } from './notify';
import { describeSaveError, isStaleVersion } from './saveErrors';
import { saveMessage } from './saveMessages';
import type { ArticleFormValues, ArticleRecord } from './types';
import { useArticleImages } from './images/useArticleImages';
import { KEPT_ON_PHONE, KeptOnPhone } from './outbox/articleOutbox';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import { ArticleChannelsPanel } from '../analytics/channels/ArticleChannelsPanel';

/**
 * /articles/{id}: loads the article (only the editor's columns), else back to the dashboard.
 * Saves are pessimistic updates that carry the version the text is based on; the database refuses
 * one based on an older version, and the editor then offers to reload or to copy one's text.
 */
export function ArticleEdit() {
  const notify = useTitledNotify();
  const notifyError = useErrorNotify();
  const redirect = useRedirect();
  const role = useNewsroomRole();
  const [stale, setStale] = useState(false);
  const [version] = useState(() => new TrackedVersion());
  return (
    <EditBase<ArticleRecord>
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{
        meta: { columns: EDIT_COLUMNS },
        onError: (error: unknown) => {
          // Missing, or not this journalist's to read: either way the database has no such row for them.
          if (describeError(error) === NOT_FOUND) notify('Erreur', 'Article introuvable', 'error');
          else notifyError(error, { failed: "Impossible d'ouvrir l'article" });
          redirect('/dashboard');
        },
      }}
      transform={(values: ArticleFormValues, options?: { previousData: ArticleRecord }) => {
        const basedOn = version.current ?? options?.previousData.version;
        if (basedOn == null) throw new Error('The article was saved before its version was known.');
        return toArticleUpdate(values, basedOn, { now: new Date(), sanitize: sanitizeArticleHtml, previous: options?.previousData });
      }}
      mutationOptions={{
        meta: { columns: EDIT_COLUMNS },
        onSuccess: (data: ArticleRecord, variables: { previousData?: ArticleRecord }) => {
          setStale(false);
          // Sent for review, approved, sent back: said as such (saveMessages.ts).
          const { title, description } = saveMessage(variables.previousData?.status, data.status, role);
          notify(title, description);
        },
        onError: (error: unknown) => {
          if (error instanceof KeptOnPhone) notify(KEPT_ON_PHONE, undefined, 'warning');
          else if (isStaleVersion(error)) setStale(true);
          else notify('Erreur', describeSaveError(error), 'error');
        },
      }}
    >
      <LoadedEditor version={version} stale={stale} onReloaded={() => setStale(false)} />
    </EditBase>
  );
}

function LoadedEditor({ version, stale, onReloaded }: { version: TrackedVersion; stale: boolean; onReloaded: () => void }) {
  const { record, isPending, refetch, isFetching } = useEditContext<ArticleRecord>();
  // The form is reset to every record react-admin hands it (load, save, reload): its text is based on that version.
  // Only a new version counts: the same record refetched must not undo the editor's own bumps.
  const recordVersion = record?.version;
  useEffect(() => {
    if (recordVersion !== undefined) version.current = recordVersion;
  }, [recordVersion, version]);
  // A journalist's article once out (or a colleague's) opens to be read: the database would refuse its save.
  const { canAccess: editable, isPending: checking } = useCanAccess({ action: 'edit', resource: 'articles', record });
  const { identity } = useGetIdentity();
  const role = useNewsroomRole();
  if (isPending || !record || checking) return <Loading />;
  const ownArticle = record.author_id === identity?.id;
  // Where its readers came from: administrators, and a journalist for their own article (the database's rule too).
  const channels = record.status !== 'draft' && (role === 'admin' || ownArticle) && <ArticleChannelsPanel articleId={record.id} />;
  if (!editable)
    return (
      <>
        <ArticleReadOnly record={record} ownArticle={ownArticle} />
        {channels}
      </>
    );
  return (
    <>
      <EditorWithImages
        key={record.id}
        record={record}
        version={version}
        stale={stale}
        reloading={isFetching}
        onReload={() => void refetch().then(onReloaded)}
      />
      {channels}
    </>
  );
}

function EditorWithImages({
  record,
  version,
  stale,
  reloading,
  onReload,
}: {
  record: ArticleRecord;
  version: TrackedVersion;
  stale: boolean;
  reloading: boolean;
  onReload: () => void;
}) {
  const images = useArticleImages(record.id, record.image_url, version);
  return <ArticleEditor images={images} staleSave={stale ? { onReload, reloading } : null} baseVersion={version} />;
}
