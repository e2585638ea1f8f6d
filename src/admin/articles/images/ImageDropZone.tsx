import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Typography } from '@mui/material';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

interface Props {
  disabled: boolean;
  onFiles: (files: File[]) => void;
}

/** Drop images here, or click (Enter/Space) to choose them: several at once, images only. */
export function ImageDropZone({ disabled, onFiles }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const open = () => !disabled && input.current?.click();
  // Only files count here: an image of the panel being dragged to another place is not an upload.
  const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled && e.dataTransfer.files.length) onFiles(Array.from(e.dataTransfer.files));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
  return (
    <Box
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled}
      aria-label="Ajouter des images : glisser-déposer ou cliquer pour choisir"
      onClick={open}
      onKeyDown={onKeyDown}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: '2px dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 3,
        textAlign: 'center',
        cursor: disabled ? 'progress' : 'pointer',
        opacity: disabled ? 0.6 : 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <CloudUploadIcon color="primary" sx={{ fontSize: 40 }} />
      <Typography variant="body2">Glissez-déposez vos images ici</Typography>
      <Typography variant="caption" color="text.secondary">
        ou cliquez pour les choisir (plusieurs possibles)
      </Typography>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="image-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Cleared so choosing the same file again still triggers a change.
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </Box>
  );
}
