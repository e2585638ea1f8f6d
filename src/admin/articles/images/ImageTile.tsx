import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, Button, Chip, FormControlLabel, IconButton, Radio, Stack, Tooltip, Typography } from '@mui/material';
import type { DragEvent } from 'react';
import { ImageFactFields } from './ImageFactFields';
import type { ImageFacts, PanelImage } from './types';

/** The drag data type of a reordering: file drops and the text editor ignore it. */
export const IMAGE_DRAG_TYPE = 'application/x-afrique-actu-image';
const isReorder = (e: DragEvent) => Array.from(e.dataTransfer.types).includes(IMAGE_DRAG_TYPE);

export const moveButtonId = (image: PanelImage, direction: 'up' | 'down') => `image-${image.id}-${direction}`;

interface Props {
  image: PanelImage;
  /** 0 for the first image; the panel shows it as « Image 1 ». */
  index: number;
  count: number;
  isMain: boolean;
  busy: boolean;
  altRequired: boolean;
  /** A dragged image would land here. */
  dropTarget: boolean;
  onInsert: (url: string, alt?: string) => void;
  onRemove: (image: PanelImage) => void;
  onDescribe: (id: string, facts: ImageFacts) => void;
  onChooseMain: (url: string) => void;
  onMove: (from: number, to: number, direction: 'up' | 'down') => void;
  onDragStart: (index: number) => void;
  onDragOver: (index: number) => void;
  onDrop: (to: number) => void;
  onDragEnd: () => void;
}

/**
 * One image of the article: its thumbnail (dragged to reorder), the main-image choice, its
 * facts, and Insérer / Monter / Descendre / delete.
 */
export function ImageTile(props: Props) {
  const { image, index, count, isMain, busy, altRequired, dropTarget, onInsert, onRemove, onDescribe, onChooseMain, onMove } = props;
  const number = index + 1;
  const titleId = `image-${image.id}-title`;
  return (
    <Box
      component="li"
      onDragOver={(e: DragEvent) => {
        if (!isReorder(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        props.onDragOver(index);
      }}
      onDrop={(e: DragEvent) => {
        if (!isReorder(e)) return;
        e.preventDefault();
        props.onDrop(index);
      }}
      sx={{
        listStyle: 'none',
        border: 1,
        borderColor: dropTarget ? 'primary.main' : 'divider',
        outline: dropTarget ? '2px solid' : 'none',
        outlineColor: 'primary.main',
        borderRadius: 2,
        overflow: 'hidden',
        opacity: busy ? 0.5 : 1,
      }}
    >
      <Box role="group" aria-labelledby={titleId}>
        <Box
          title="Glisser pour changer l'ordre"
          draggable={!busy}
          onDragStart={(e: DragEvent) => {
            e.dataTransfer.setData(IMAGE_DRAG_TYPE, image.id);
            e.dataTransfer.effectAllowed = 'move';
            props.onDragStart(index);
          }}
          onDragEnd={props.onDragEnd}
          data-testid={`image-drag-${number}`}
          sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'grey.100', cursor: 'grab' }}
        >
          <img
            src={image.image_url}
            alt={`Vignette ${number}`}
            loading="lazy"
            width={320}
            height={180}
            // The tile is what moves, not the picture (which the text editor would take as an image to paste):
            // the pointer goes through it to the draggable box.
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', pointerEvents: 'none' }}
          />
          {isMain && <Chip label="Image principale" size="small" color="primary" sx={{ position: 'absolute', top: 8, left: 8 }} />}
          <DragIndicatorIcon
            aria-hidden
            sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white', filter: 'drop-shadow(0 0 2px rgb(0 0 0 / 0.8))' }}
          />
        </Box>
        <Box sx={{ px: 1.5, pb: 0.5 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Typography variant="subtitle2" component="h3" id={titleId}>
              Image {number}
            </Typography>
            <FormControlLabel
              control={
                <Radio size="small" name="main-image" value={image.id} checked={isMain} onChange={() => onChooseMain(image.image_url)} />
              }
              label="Image principale"
              slotProps={{ typography: { variant: 'body2' } }}
              sx={{ mr: 0 }}
            />
          </Stack>
          <ImageFactFields image={image} altRequired={altRequired} onDescribe={onDescribe} />
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 0.5 }}>
            <Button
              type="button"
              size="small"
              startIcon={<AddPhotoAlternateIcon />}
              onClick={() => onInsert(image.image_url, image.alt_text ?? '')}
              aria-label={`Insérer l'image ${number} dans le contenu`}
            >
              Insérer
            </Button>
            {/* Wraps in the narrow side column rather than pushing the delete button out of the tile. */}
            <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button
                id={moveButtonId(image, 'up')}
                type="button"
                size="small"
                startIcon={<ArrowUpwardIcon />}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1, 'up')}
                aria-label={`Monter l'image ${number}`}
              >
                Monter
              </Button>
              <Button
                id={moveButtonId(image, 'down')}
                type="button"
                size="small"
                startIcon={<ArrowDownwardIcon />}
                disabled={index === count - 1}
                onClick={() => onMove(index, index + 1, 'down')}
                aria-label={`Descendre l'image ${number}`}
              >
                Descendre
              </Button>
              <Tooltip title="Supprimer l'image">
                <span>
                  <IconButton
                    type="button"
                    size="small"
                    color="error"
                    disabled={busy}
                    onClick={() => onRemove(image)}
                    aria-label={`Supprimer l'image ${number}`}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          </Stack>
        </Box>
      </Box>
    </Box>
  );
}
