import AddIcon from '@mui/icons-material/Add';
import ArticleIcon from '@mui/icons-material/Article';
import BarChartIcon from '@mui/icons-material/BarChart';
import PeopleIcon from '@mui/icons-material/People';
import PublicIcon from '@mui/icons-material/Public';
import RateReviewIcon from '@mui/icons-material/RateReview';
import { Card, CardHeader, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { CanAccess } from 'react-admin';
import { Link } from 'react-router-dom';
import { filteredListPath } from './newsroomInbox';

/** The article list filtered on what waits for an administrator's review. */
export const TO_REVIEW_PATH = filteredListPath('articles', { status: 'review' });

// Paths are relative to react-admin's router (basename /admin). Each shows where canAccess allows
// its screen: journalists see neither users nor statistics.
const ACTIONS: { to: string; label: string; icon: ReactNode; resource: string; action: string }[] = [
  { to: '/articles/create', label: 'Nouvel article', icon: <AddIcon />, resource: 'articles', action: 'create' },
  { to: TO_REVIEW_PATH, label: 'À relire', icon: <RateReviewIcon />, resource: 'articles', action: 'list' },
  { to: '/articles', label: 'Gérer les articles', icon: <ArticleIcon />, resource: 'articles', action: 'list' },
  { to: '/accounts', label: 'Utilisateurs', icon: <PeopleIcon />, resource: 'accounts', action: 'list' },
  { to: '/analytics', label: 'Statistiques', icon: <BarChartIcon />, resource: 'analytics', action: 'list' },
];

export function QuickActions() {
  return (
    <Card component="nav" aria-label="Actions rapides" sx={{ height: '100%' }}>
      <CardHeader title="Actions rapides" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <List dense disablePadding>
        {ACTIONS.map((a) => (
          <CanAccess key={a.to} resource={a.resource} action={a.action}>
            <ListItemButton component={Link} to={a.to}>
              <ListItemIcon sx={{ color: 'primary.main' }}>{a.icon}</ListItemIcon>
              <ListItemText primary={a.label} />
            </ListItemButton>
          </CanAccess>
        ))}
        {/* The reader's site is another application: a plain link, a full page load. */}
        <ListItemButton component="a" href="/">
          <ListItemIcon sx={{ color: 'primary.main' }}>
            <PublicIcon />
          </ListItemIcon>
          <ListItemText primary="Voir le site" />
        </ListItemButton>
      </List>
    </Card>
  );
}
