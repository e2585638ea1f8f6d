import { Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { ImageDropZone } from './ImageDropZone';
import { ImageTile } from './ImageTile';
import type { PanelImage } from './types';
import type { ArticleImages } from './useArticleImages';

interface Props {
  images: ArticleImages;
  onInsert: (url: string) => void;
  onRemove: (image: PanelImage) => void;
}

/** 'Images (n)': upload zone, progress, and the article's images with Insérer / delete. */
export function ImagePanel({ images, onInsert, onRemove }: Props) {
  const { images: list, uploading, progress, busyId, upload, mainImage } = images;
  return (
    <Card variant="outlined" component="section" aria-labelledby="article-images-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="article-images-title" gutterBottom>
          Images ({list.length})
        </Typography>
        <ImageDropZone disabled={uploading} onFiles={upload} />
        {uploading && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
            <LinearProgress
              variant="determinate"
              value={progress}
              sx={{ flex: 1, height: 8, borderRadius: 4 }}
              aria-label="Progression de l'upload"
            />
            <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }} aria-live="polite">
              {progress}%
            </Typography>
          </Stack>
        )}
        <Box sx={{ mt: 2, color: 'text.secondary', typography: 'caption' }}>
          <p style={{ margin: 0 }}>Les images sont facultatives : un article peut être publié sans image.</p>
          <p style={{ margin: 0 }}>La première image devient l'image principale (cartes, partage).</p>
          <p style={{ margin: 0 }}>
            Chaque image est enregistrée en WebP (2400 px au plus) et en tailles réduites pour les lecteurs, sans ses métadonnées (EXIF,
            GPS).
          </p>
        </Box>
        {list.length > 0 && (
          <Box component="ul" sx={{ display: 'grid', gap: 1.5, p: 0, mt: 2, mb: 0 }}>
            {list.map((image, i) => (
              <ImageTile
                key={image.id}
                image={image}
                position={i + 1}
                isMain={image.image_url === mainImage}
                busy={busyId === image.id}
                onInsert={onInsert}
                onRemove={onRemove}
              />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
