import { Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { visuallyHidden } from '../workflow/visuallyHidden';
import { goesOut } from './altText';
import { ImageDropZone } from './ImageDropZone';
import { ImageTile, moveButtonId } from './ImageTile';
import type { PanelImage } from './types';
import type { ArticleImages } from './useArticleImages';

interface Props {
  images: ArticleImages;
  onInsert: (url: string, alt?: string) => void;
  onRemove: (image: PanelImage) => void;
}

/**
 * 'Images (n)': upload zone, progress, and the article's images in their order, each with its
 * facts, the main-image choice, Insérer, Monter / Descendre (or drag the thumbnail) and delete.
 */
export function ImagePanel({ images, onInsert, onRemove }: Props) {
  const { images: list, uploading, progress, busyId, upload, mainImage, describe, move, chooseMain } = images;
  const altRequired = goesOut(useWatch({ name: 'status' }));
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [announced, setAnnounced] = useState('');
  // After Monter / Descendre the focus follows the image to its new place (or to the button still usable there).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [list]);

  const moveImage = (from: number, to: number, direction?: 'up' | 'down') => {
    if (from === to || to < 0 || to >= list.length) return;
    const image = list[from];
    if (direction) {
      const atEnd = direction === 'up' ? to === 0 : to === list.length - 1;
      const other = direction === 'up' ? 'down' : 'up';
      focusNext.current = moveButtonId(image, atEnd ? other : direction);
    }
    move(from, to);
    setAnnounced(`Image ${from + 1} déplacée en position ${to + 1} sur ${list.length}.`);
  };
  const endDrag = () => {
    setDragFrom(null);
    setDropAt(null);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="article-images-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="article-images-title" gutterBottom>
          Images ({list.length})
        </Typography>
        {/* upload() reports its own failures: nothing waits on the drop. */}
        <ImageDropZone disabled={uploading} onFiles={(files) => void upload(files)} />
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
          <p style={{ margin: 0 }}>
            « Image principale » choisit celle des cartes et du partage (par défaut la première). Glissez une vignette, ou utilisez « Monter
            » et « Descendre », pour changer l&apos;ordre.
          </p>
          <p style={{ margin: 0 }}>
            Texte alternatif, légende, crédit, ordre et image principale sont enregistrés avec l&apos;article ; le texte alternatif est
            obligatoire pour publier ou programmer.
          </p>
          <p style={{ margin: 0 }}>
            Chaque image est enregistrée en WebP (2400 px au plus) et en tailles réduites pour les lecteurs, sans ses métadonnées (EXIF,
            GPS).
          </p>
        </Box>
        <Box role="status" sx={visuallyHidden}>
          {announced}
        </Box>
        {list.length > 0 && (
          <Box component="ul" sx={{ display: 'grid', gap: 1.5, p: 0, mt: 2, mb: 0 }}>
            {list.map((image, i) => (
              <ImageTile
                key={image.id}
                image={image}
                index={i}
                count={list.length}
                isMain={image.image_url === mainImage}
                busy={busyId === image.id}
                altRequired={altRequired}
                dropTarget={dragFrom !== null && dropAt === i && dropAt !== dragFrom}
                onInsert={onInsert}
                onRemove={onRemove}
                onDescribe={describe}
                onChooseMain={chooseMain}
                onMove={moveImage}
                onDragStart={setDragFrom}
                onDragOver={setDropAt}
                onDrop={(to) => {
                  if (dragFrom !== null) moveImage(dragFrom, to);
                  endDrag();
                }}
                onDragEnd={endDrag}
              />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
