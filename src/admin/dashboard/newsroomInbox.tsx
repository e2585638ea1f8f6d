import MailIcon from '@mui/icons-material/MarkEmailUnread';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Grid } from '@mui/material';
import { useGetList } from 'react-admin';
import { StatCard } from './StatCard';

/** A list's address in the back office's router with a filter applied (react-admin reads it from the query). */
export const filteredListPath = (resource: string, filter: Record<string, unknown>) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const UNHANDLED = { handled: false };

/** Confirmed subscriptions since the start of the day seven days ago (UTC): whole days, so the figure and its list agree. */
export function newSubscribersFilter(now: Date = new Date()) {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 7));
  return { status: 'confirmed', 'created_at@gte': since.toISOString() };
}

/** How many rows a filtered list holds (the data provider's count: exact below PostgREST's max rows). */
function useCount(resource: string, filter: Record<string, unknown>) {
  const { total, error } = useGetList(resource, { filter, pagination: { page: 1, perPage: 1 }, meta: { columns: ['id'] } });
  return error ? null : total;
}

/**
 * « Messages à traiter » and « Nouveaux abonnés (7 jours) », each linking to its list. Rendered for
 * administrators only: row-level security lets nobody else read messages or subscribers.
 */
export function InboxCards({ size }: { size: Record<string, number> }) {
  const subscribers = newSubscribersFilter();
  const messages = useCount('contact_messages', UNHANDLED);
  const newSubscribers = useCount('newsletter_subscribers', subscribers);
  return (
    <>
      <Grid size={size}>
        <StatCard
          icon={<MailIcon />}
          label="Messages à traiter"
          value={messages}
          hint="Envoyés par les lecteurs"
          link={{ to: filteredListPath('contact_messages', UNHANDLED), label: 'Voir les messages' }}
        />
      </Grid>
      <Grid size={size}>
        <StatCard
          icon={<PersonAddIcon />}
          label="Nouveaux abonnés (7 jours)"
          value={newSubscribers}
          hint="Inscriptions confirmées à la newsletter"
          link={{ to: filteredListPath('newsletter_subscribers', subscribers), label: 'Voir les abonnés' }}
        />
      </Grid>
    </>
  );
}
