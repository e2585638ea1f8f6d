import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import type { PanelImage } from './types';

interface Props {
  image: PanelImage;
  position: number;
  isMain: boolean;
  busy: boolean;
  onInsert: (url: string) => void;
  onRemove: (image: PanelImage) => void;
}

export function ImageTile({ image, position, isMain, busy, onInsert, onRemove }: Props) {
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', opacity: busy ? 0.5 : 1 }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'grey.100' }}>
        <img
          src={image.image_url}
          alt={`Vignette ${position}`}
          loading="lazy"
          width={320}
          height={180}
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {isMain && <Chip label="Image principale" size="small" color="primary" sx={{ position: 'absolute', top: 8, left: 8 }} />}
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', p: 0.5 }}>
        <Button
          type="button"
          size="small"
          startIcon={<AddPhotoAlternateIcon />}
          onClick={() => onInsert(image.image_url)}
          aria-label={`Insérer l'image ${position} dans le contenu`}
        >
          Insérer
        </Button>
        <Tooltip title="Supprimer l'image">
          <span>
            <IconButton
              type="button"
              size="small"
              color="error"
              disabled={busy}
              onClick={() => onRemove(image)}
              aria-label={`Supprimer l'image ${position}`}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Box>
  );
}
