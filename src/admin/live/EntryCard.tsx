import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatNewsroomClock } from '@/lib/newsroomTime';

/**
 * One entry on the desk as readers will read it (time, author, text, picture, correction), its
 * marks, and the actions the signed-in member may take (the others are not shown: the database
 * would refuse them). `anchor` is the entry's reader anchor (#entree-<seq>).
 */
export function EntryCard({
  time,
  timeZone,
  author,
  body,
  image,
  marks,
  correction,
  status,
  actions,
  anchor,
}: {
  time: string;
  timeZone: string;
  author?: string | null;
  body: string;
  image?: { url: string; alt: string | null } | null;
  marks?: { keyEvent: boolean; pinned: boolean };
  correction?: { text: string; at: string } | null;
  /** A line about where the entry is (« En attente de réseau », a refusal), with its colour. */
  status?: { text: string; color: 'warning.main' | 'error.main' } | null;
  actions: ReactNode;
  anchor?: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="li"
      id={anchor}
      data-testid="live-entry"
      sx={{ p: 1.5, listStyle: 'none', overflowWrap: 'anywhere' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}>
        <Typography variant="subtitle2" component="span">
          {formatNewsroomClock(time, timeZone)}
        </Typography>
        {author && (
          <Typography variant="body2" color="text.secondary" component="span">
            {author}
          </Typography>
        )}
        {marks?.keyEvent && <Chip size="small" color="primary" label="Point clé" />}
        {marks?.pinned && <Chip size="small" color="secondary" label="Épinglé" />}
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{body}</Typography>
      {image && <Box component="img" src={image.url} alt={image.alt ?? ''} sx={{ mt: 1, maxWidth: '100%', maxHeight: 240 }} />}
      {correction && (
        <Typography variant="body2" sx={{ mt: 1, fontStyle: 'italic' }}>
          Correction à {formatNewsroomClock(correction.at, timeZone)} : {correction.text}
        </Typography>
      )}
      {status && (
        <Typography variant="body2" color={status.color} sx={{ mt: 1, fontWeight: 500 }}>
          {status.text}
        </Typography>
      )}
      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 0.5 }}>
        {actions}
      </Stack>
    </Paper>
  );
}

/** A small text button of an entry's action row. */
export const EntryAction = ({ children, ...props }: Parameters<typeof Button>[0]) => (
  <Button size="small" {...props}>
    {children}
  </Button>
);
