import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { useState } from 'react';
import { ALERT_BODY_MAX, ALERT_TITLE_MAX, clip } from '@/push/alertText';
import { AlertDialog } from '../alerts/AlertDialog';
import { EntryAction } from './EntryCard';
import type { EntryRow } from './types';

/**
 * « Envoyer une alerte » on a key event (« Proposer une alerte » for a journalist): the article's
 * push pipeline (AlertDialog: the followers of its category, the daily cap, the quiet hours) with
 * the entry's text, leading to the entry's place on the live page (the page that starts with it, at #entree-<seq>).
 */
export function EntryAlertButton({
  entry,
  article,
  admin,
}: {
  entry: EntryRow;
  article: { articleId: string; title: string; slug: string };
  admin: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <EntryAction startIcon={<NotificationsActiveIcon />} onClick={() => setOpen(true)}>
        {admin ? 'Envoyer une alerte' : 'Proposer une alerte'}
      </EntryAction>
      {open && (
        <AlertDialog
          draft={{
            articleId: article.articleId,
            title: clip(article.title, ALERT_TITLE_MAX),
            body: clip(entry.body, ALERT_BODY_MAX),
            entryId: entry.id,
          }}
          admin={admin}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
