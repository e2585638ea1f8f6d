import { Box, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { FACT_LIMITS, type FactName } from './imageFacts';
import type { ImageFacts, PanelImage } from './types';

export const ALT_TEXT_HINT = "Ce que montre l'image, pour qui ne la voit pas (« Des vendeuses au marché Sandaga »), sans « photo de ».";
export const ALT_TEXT_MISSING = "Obligatoire pour publier : décrivez ce que montre l'image.";

const LABELS: Record<FactName, string> = { alt_text: 'Texte alternatif', caption: 'Légende', credit: 'Crédit' };
const HINTS: Record<FactName, string> = {
  alt_text: ALT_TEXT_HINT,
  caption: 'Affichée sous l’image sur le site (facultatif).',
  credit: 'Auteur ou agence : « AFP / Aïssatou Ba » (facultatif).',
};

interface Props {
  image: PanelImage;
  /** The status chosen takes the article out: the alternative text is required. */
  altRequired: boolean;
  onDescribe: (id: string, facts: ImageFacts) => void;
}

/** An image's alternative text, caption and credit, each held to the database's length. */
export function ImageFactFields({ image, altRequired, onDescribe }: Props) {
  const field = (name: FactName, multiline: boolean) => {
    const value = image[name] ?? '';
    const missing = name === 'alt_text' && altRequired && !value.trim();
    return (
      <TextField
        key={name}
        id={`image-${image.id}-${name}`}
        label={LABELS[name]}
        value={value}
        onChange={(e) => onDescribe(image.id, { [name]: e.target.value })}
        required={name === 'alt_text' && altRequired}
        error={missing}
        multiline={multiline}
        maxRows={4}
        size="small"
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { maxLength: FACT_LIMITS[name] } }}
        helperText={<Helper text={missing ? ALT_TEXT_MISSING : HINTS[name]} count={`${value.length}/${FACT_LIMITS[name]}`} />}
      />
    );
  };
  return (
    <>
      {field('alt_text', true)}
      {field('caption', true)}
      {field('credit', false)}
    </>
  );
}

function Helper({ text, count }: { text: ReactNode; count: string }) {
  return (
    <Box component="span" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
      <span>{text}</span>
      <Box component="span" sx={{ flexShrink: 0 }} aria-hidden>
        {count}
      </Box>
    </Box>
  );
}
