import PushPinIcon from '@mui/icons-material/PushPin';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useRecordContext } from 'react-admin';
import { isPublicNow, PUBLIC_STATUSES } from '@/lib/articleVisibility';
import { FRONT_PAGE_RESOURCE } from './constants';
import type { FrontPageArticle } from './slots';
import { useLeadArticle } from './useFrontPage';

const PINNABLE: ReadonlySet<string> = new Set(PUBLIC_STATUSES);

/**
 * « À la une » on an article's row, for administrators: after a confirmation (the home page changes
 * for every reader) the article leads and the top stories move down one place.
 */
export function LeadButton() {
  const record = useRecordContext<FrontPageArticle>();
  const { canAccess } = useCanAccess({ resource: FRONT_PAGE_RESOURCE, action: 'edit' });
  const { leadWith, busy } = useLeadArticle();
  const [asking, setAsking] = useState(false);
  if (!record || !canAccess || !PINNABLE.has(record.status)) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<PushPinIcon />}
        disabled={busy}
        onClick={() => setAsking(true)}
        aria-label={`Mettre « ${record.title} » à la une`}
      >
        À la une
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="Mettre à la une"
        content={`« ${record.title} » mènera la page d'accueil${isPublicNow(record) ? '' : ' dès sa parution'} ; les grands titres descendent d'un rang.`}
        confirm="Mettre à la une"
        cancel="Annuler"
        onConfirm={() => {
          leadWith({ id: record.id, title: record.title, status: record.status, published_at: record.published_at });
          setAsking(false);
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
