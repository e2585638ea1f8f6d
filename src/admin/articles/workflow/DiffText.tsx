import { Box } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import type { DiffPart } from './revisionDiff';
import { visuallyHidden } from './visuallyHidden';

/**
 * Insertions and deletions, marked three ways so colour is never the only clue: <ins>/<del>
 * (underlined, struck through), a tint, and words a screen reader reads out ("ajouté :", "supprimé :").
 */
export function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <Box
      component="p"
      sx={{
        m: 0,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        lineHeight: 1.6,
        '& ins': {
          bgcolor: (t: Theme) => alpha(t.palette.success.main, 0.12),
          color: 'success.dark',
          textDecoration: 'underline',
          textDecorationThickness: 2,
        },
        '& del': {
          bgcolor: (t: Theme) => alpha(t.palette.error.main, 0.12),
          color: 'error.dark',
          textDecoration: 'line-through',
          textDecorationThickness: 2,
        },
        '& ins, & del': { borderRadius: 0.5, px: 0.25 },
      }}
    >
      {parts.map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : (
          <Change key={i} tag={part.kind === 'added' ? 'ins' : 'del'} text={part.text} />
        ),
      )}
    </Box>
  );
}

/** The legend shown above a comparison. */
export function DiffLegend() {
  return (
    <Box component="p" sx={{ m: 0, typography: 'caption', color: 'text.secondary' }}>
      <Box component="ins" sx={{ textDecoration: 'underline', color: 'success.dark' }}>
        Souligné
      </Box>{' '}
      : texte ajouté ;{' '}
      <Box component="del" sx={{ textDecoration: 'line-through', color: 'error.dark' }}>
        barré
      </Box>{' '}
      : texte supprimé.
    </Box>
  );
}

/** One insertion or deletion, with the words a screen reader says around it. */
function Change({ tag: Tag, text }: { tag: 'ins' | 'del'; text: string }) {
  return (
    <Tag>
      <Box component="span" sx={visuallyHidden}>
        [{Tag === 'ins' ? 'ajouté' : 'supprimé'} :{' '}
      </Box>
      {text}
      <Box component="span" sx={visuallyHidden}>
        ]
      </Box>
    </Tag>
  );
}
