import { Box, Button, LinearProgress, Stack, TextField } from '@mui/material';
import { useCallback, useState } from 'react';
import { compressImage } from '../articles/images/compressImage';
import { isImageFile } from '../articles/images/imageFiles';
import { uploadImages } from '../articles/images/uploadPipeline';
import { useErrorNotify } from '../articles/notify';
import { useNewsroomDataProvider } from '../providers/newsroomDataProvider';

/**
 * An entry's optional picture, through the editor's upload pipeline (uploadPipeline.ts: checked,
 * compressed in the browser, its renditions stored before its master, retried on a weak network).
 * It is stored when chosen, so the entry carries only its address and can wait in the outbox; its
 * alternative text is asked for before the entry goes out, as for an article's pictures.
 */
export function useEntryPicture() {
  const dataProvider = useNewsroomDataProvider();
  const notifyError = useErrorNotify();
  const [url, setUrl] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);

  const choose = useCallback(
    async (file: File | undefined) => {
      if (!file || !isImageFile(file)) return;
      setUploading(true);
      try {
        const { urls, errors } = await uploadImages([file], {
          render: compressImage,
          store: dataProvider.storeImageFile,
          remove: dataProvider.removeImageFiles,
          onProgress: setProgress,
        });
        if (errors.length) throw errors[0];
        setUrl(urls[0] ?? null);
      } catch (error) {
        notifyError(error, { title: "Erreur d'upload", topic: 'image' });
      } finally {
        setUploading(false);
        setProgress(0);
      }
    },
    [dataProvider, notifyError],
  );
  // Removed before the entry was published: its files belong to nothing.
  const discard = useCallback(() => {
    if (url) void dataProvider.discardImages([url]);
    setUrl(null);
    setAlt('');
  }, [url, dataProvider]);
  const clear = useCallback(() => (setUrl(null), setAlt('')), []);

  return {
    url,
    alt: url ? alt.trim() : null,
    /** The alternative text as typed. */
    altInput: alt,
    setAlt,
    uploading,
    progress,
    ready: !url || alt.trim().length > 0,
    choose,
    discard,
    clear,
  };
}

export type EntryPictureState = ReturnType<typeof useEntryPicture>;

export function EntryPicture({ picture }: { picture: EntryPictureState }) {
  if (picture.uploading) return <LinearProgress variant="determinate" value={picture.progress} aria-label="Envoi de la photo" />;
  if (!picture.url) return null;
  return (
    <Stack spacing={1}>
      <Box
        component="img"
        src={picture.url}
        alt=""
        sx={{ maxWidth: '100%', maxHeight: 200, objectFit: 'contain', alignSelf: 'flex-start' }}
      />
      <TextField
        label="Texte alternatif de la photo"
        value={picture.altInput}
        onChange={(e) => picture.setAlt(e.target.value)}
        required
        fullWidth
        helperText="Ce que montre la photo, pour les lecteurs qui ne la voient pas (requis)."
      />
      <Box>
        <Button size="small" color="error" onClick={picture.discard}>
          Retirer la photo
        </Button>
      </Box>
    </Stack>
  );
}
