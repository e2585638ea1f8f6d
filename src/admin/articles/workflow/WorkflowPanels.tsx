import { Box } from '@mui/material';
import { useTrackedVersion, type TrackedVersion } from '../baseVersion';
import type { ArticleStatus } from '../types';
import { NotesPanel } from '../review/NotesPanel';
import { CorrectionsPanel } from './CorrectionsPanel';
import { HistoryPanel } from './HistoryPanel';
import { PresenceNotice } from './PresenceNotice';
import { PreviewButton } from './PreviewButton';

/** What the workflow panels need of the saved article (the editor's record). */
export interface WorkflowArticle {
  id: string;
  status: ArticleStatus;
  published_at?: string | null;
  version?: number;
  author_id?: string | null;
}

/**
 * The top of the editor's side column: who else is editing this article, and "Aperçu". A new
 * article (no record yet) gets the preview button only, disabled until it is saved.
 */
export function WorkflowBar({ record }: { record?: WorkflowArticle }) {
  return (
    <Box sx={{ mb: 3 }}>
      {record && <PresenceNotice articleId={record.id} />}
      <Box sx={{ mt: record ? 1 : 0 }}>
        <PreviewButton articleId={record?.id} />
      </Box>
    </Box>
  );
}

/**
 * Below the images: the article's notes, its history and its corrections (saved articles only). The history
 * follows the editor's base version, which the image panel's own writes move without a new record.
 */
export function WorkflowPanels({ record, baseVersion }: { record?: WorkflowArticle; baseVersion?: TrackedVersion }) {
  const tracked = useTrackedVersion(baseVersion);
  if (!record) return null;
  return (
    <>
      <NotesPanel articleId={record.id} authorId={record.author_id} version={tracked ?? record.version} />
      <HistoryPanel articleId={record.id} version={tracked ?? record.version} />
      <CorrectionsPanel article={record} />
    </>
  );
}
