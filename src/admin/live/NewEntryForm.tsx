import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { frenchCount } from '../limits';
import { EntryPicture, useEntryPicture } from './EntryPicture';
import { ENTRY_MAX_LENGTH, type NewEntry } from './types';
import { ENTRY_TOO_LONG } from './liveMessages';
import type { PostResult } from './useLiveOutbox';

/**
 * « Nouvelle entrée »: a short text (a counter up to 1 000 characters), an optional picture, and
 * « Publier l'entrée » (Ctrl+Enter too, ⌘+Enter on a Mac). The entry's id is made here, on the
 * phone, so the outbox can send it again without ever posting it twice. The box empties once the
 * entry is kept on the phone: whatever the network does next, the outbox has it.
 */
export function NewEntryForm({
  articleId,
  closedReason,
  onPost,
}: {
  articleId: string;
  closedReason: string | null;
  onPost: (entry: NewEntry) => Promise<PostResult>;
}) {
  const [body, setBody] = useState('');
  const picture = useEntryPicture();
  const length = body.trim().length;
  const tooLong = length > ENTRY_MAX_LENGTH;
  const ready = length > 0 && !tooLong && !picture.uploading && picture.ready && !closedReason;

  const publish = () => {
    if (!ready) return;
    const entry: NewEntry = { id: crypto.randomUUID(), articleId, body: body.trim(), imageUrl: picture.url, imageAlt: picture.alt };
    setBody('');
    picture.clear();
    void onPost(entry);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      publish();
    }
  };

  return (
    <Stack spacing={1} component="section" aria-label="Nouvelle entrée">
      <TextField
        label="Nouvelle entrée"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={onKeyDown}
        multiline
        minRows={3}
        fullWidth
        error={tooLong}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <span>{tooLong ? ENTRY_TOO_LONG : 'Texte simple ; les adresses deviennent des liens. Ctrl+Entrée publie.'}</span>
            <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {frenchCount(length)} / {frenchCount(ENTRY_MAX_LENGTH)}
            </span>
          </Box>
        }
      />
      <EntryPicture picture={picture} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" startIcon={<SendIcon />} disabled={!ready} onClick={publish}>
          Publier l'entrée
        </Button>
        <Button component="label" startIcon={<AddPhotoAlternateIcon />} disabled={picture.uploading || !!picture.url}>
          Ajouter une photo
          <input type="file" accept="image/*" hidden onChange={(e) => void picture.choose(e.target.files?.[0])} />
        </Button>
      </Stack>
      {closedReason && (
        <Typography variant="body2" color="warning.main">
          {closedReason}
        </Typography>
      )}
    </Stack>
  );
}
