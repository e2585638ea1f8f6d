import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Button } from '@mui/material';
import { useState } from 'react';
import { isPublicNow } from '@/lib/articleVisibility';
import { defaultAlertText } from '@/push/alertText';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import type { ArticleRecord } from '../articles/types';
import { AlertDialog } from './AlertDialog';

/**
 * « Envoyer une alerte » (administrators) or « Proposer une alerte » (journalists) for an article
 * readers can see now; nothing for a draft or a scheduled one.
 */
export function SendAlertButton({ record }: { record?: ArticleRecord }) {
  const role = useNewsroomRole();
  const [open, setOpen] = useState(false);
  if (!record || !role || !isPublicNow(record)) return null;
  const admin = role === 'admin';
  const text = defaultAlertText({
    title: record.title,
    excerpt: record.excerpt,
    key_points: (record.key_points ?? []).filter((p): p is string => typeof p === 'string'),
  });
  return (
    <>
      <Button variant="outlined" startIcon={<NotificationsActiveIcon />} onClick={() => setOpen(true)}>
        {admin ? 'Envoyer une alerte' : 'Proposer une alerte'}
      </Button>
      {open && <AlertDialog draft={{ articleId: record.id, ...text }} admin={admin} onClose={() => setOpen(false)} />}
    </>
  );
}
