import RestoreIcon from '@mui/icons-material/Restore';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Confirm, useGetList, useGetOne } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Loading } from '@/lib/Loading';
import { useEditorCategories } from '../categories';
import { useTitledNotify } from '../notify';
import { DiffLegend, DiffText } from './DiffText';
import { newsroomTimeZone } from '@/lib/env';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import {
  changedFields,
  COMPARED_FIELDS,
  contentText,
  fieldText,
  diffSummary,
  FIELD_LABELS,
  restoredValues,
  wordDiff,
  type ComparableArticle,
  type ComparedField,
} from './revisionDiff';
import { editorName, REVISION_COLUMNS, REVISIONS_RESOURCE, statusLabel, type RevisionDetail } from './revisions';

type CompareWith = 'form' | 'previous';
// Every compared field but the content, shown below them as a word diff of its text.
const SHORT_FIELDS = COMPARED_FIELDS.filter((field) => field !== 'content');

interface Props {
  articleId: string;
  revisionId: number;
  onClose: () => void;
}

/**
 * One revision, read-only, with what differs from the form as it is now (what "Restaurer" would
 * change) or from the version saved before it (what that save changed).
 */
export function RevisionDialog({ articleId, revisionId, onClose }: Props) {
  const [compareWith, setCompareWith] = useState<CompareWith>('form');
  const [confirming, setConfirming] = useState(false);
  const notify = useTitledNotify();
  const { setValue } = useFormContext();
  const { isDirty } = useFormState();
  const watched = useWatch({ name: [...COMPARED_FIELDS] }) as unknown[];
  const form = useMemo(
    () => Object.fromEntries(COMPARED_FIELDS.map((field, i) => [field, watched[i] ?? null])) as unknown as ComparableArticle,
    [watched],
  );
  const {
    data: revision,
    isPending,
    error,
  } = useGetOne<RevisionDetail>(REVISIONS_RESOURCE, { id: revisionId, meta: { columns: REVISION_COLUMNS } });
  const previous = useGetList<RevisionDetail>(
    REVISIONS_RESOURCE,
    {
      filter: { article_id: articleId, 'id@lt': revisionId },
      sort: { field: 'id', order: 'DESC' },
      pagination: { page: 1, perPage: 1 },
      meta: { columns: REVISION_COLUMNS },
    },
    { enabled: compareWith === 'previous' },
  );
  const categoryName = useCategoryNames();

  const restore = () => {
    if (!revision) return;
    for (const [field, value] of Object.entries(restoredValues(revision)))
      setValue(field, value, { shouldDirty: true, shouldValidate: true });
    notify(
      `Version ${revision.version} restaurée dans le formulaire`,
      'Enregistrez pour la conserver : une nouvelle version sera créée.',
      'info',
    );
    setConfirming(false);
    onClose();
  };

  const titleId = `revision-${revisionId}-title`;
  // Restoring changes nothing when the form already holds this text (the status is never restored).
  const restorable = revision ? changedFields(revision, form).some((f) => f !== 'status') : false;

  let body;
  if (isPending) body = <Loading />;
  else if (error || !revision) body = <Alert severity="error">Impossible de charger cette version.</Alert>;
  else {
    const [before, after] = compareWith === 'form' ? [revision, form] : [previous.data?.[0], revision];
    body = (
      <>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Enregistrée le {formatNewsroomTime(revision.created_at, newsroomTimeZone())} par {editorName(revision)}.
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 1.5 }}>
          <Typography variant="body2" id={`${titleId}-compare`}>
            Comparer avec :
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={compareWith}
            onChange={(_, v: CompareWith | null) => v && setCompareWith(v)}
            aria-labelledby={`${titleId}-compare`}
          >
            <ToggleButton value="form">le formulaire actuel</ToggleButton>
            <ToggleButton value="previous">la version précédente</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        {compareWith === 'previous' && previous.isPending ? (
          <Loading />
        ) : compareWith === 'previous' && previous.error ? (
          <Alert severity="error">Impossible de charger la version précédente.</Alert>
        ) : !before || !after ? (
          <Alert severity="info">C'est la première version enregistrée : il n'y a rien avant elle.</Alert>
        ) : (
          <Comparison
            before={before}
            after={after}
            shown={revision}
            categoryName={categoryName}
            explanation={
              compareWith === 'form'
                ? 'Ce qui diffère entre cette version (avant) et le formulaire tel qu’il est maintenant (après).'
                : `Ce que cet enregistrement a changé par rapport à la version ${previous.data?.[0]?.version}.`
            }
          />
        )}
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId}>
        {revision ? `Version ${revision.version} · ${statusLabel(revision.status)}` : 'Version enregistrée'}
      </DialogTitle>
      <DialogContent dividers>{body}</DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {revision && !restorable && (
          <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto' }}>
            Le formulaire contient déjà le texte de cette version.
          </Typography>
        )}
        <Button onClick={onClose}>Fermer</Button>
        <Button
          variant="contained"
          startIcon={<RestoreIcon />}
          disabled={!revision || !restorable}
          onClick={() => (isDirty ? setConfirming(true) : restore())}
        >
          Restaurer
        </Button>
      </DialogActions>
      <Confirm
        isOpen={confirming}
        title="Remplacer vos modifications ?"
        content={`Les modifications non enregistrées du formulaire seront remplacées par la version ${revision?.version ?? ''}. Elles ne figurent pas dans l'historique.`}
        confirm="Restaurer"
        cancel="Annuler"
        onConfirm={restore}
        onClose={() => setConfirming(false)}
      />
    </Dialog>
  );
}

function useCategoryNames() {
  // The editor's category input reads the same query: this comes from its cache.
  const { data = [] } = useEditorCategories();
  return (id: string | null | undefined) => (id ? (data.find((c) => c.id === id)?.name ?? 'Catégorie supprimée') : 'Aucune');
}

interface ComparisonProps {
  before: ComparableArticle;
  after: ComparableArticle;
  /** The revision the dialog shows: its values are listed where nothing changed. */
  shown: ComparableArticle;
  categoryName: (id: string | null | undefined) => string;
  explanation: string;
}

function Comparison({ before, after, shown, categoryName, explanation }: ComparisonProps) {
  const changed = changedFields(before, after);
  const display = (article: ComparableArticle, field: ComparedField): string => {
    if (field === 'category_id') return categoryName(article.category_id);
    if (field === 'status') return statusLabel(article.status);
    return fieldText(article, field);
  };
  const beforeText = contentText(before.content ?? '');
  const afterText = contentText(after.content ?? '');
  const contentParts = useMemo(() => wordDiff(beforeText, afterText), [beforeText, afterText]);

  return (
    <>
      <Typography variant="body2" gutterBottom>
        {explanation}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} gutterBottom>
        {changed.length ? `Champs modifiés : ${changed.map((f) => FIELD_LABELS[f]).join(', ')}.` : 'Aucune différence.'}
      </Typography>
      <DiffLegend />
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { sm: '10em 1fr' }, columnGap: 2, rowGap: 1, my: 2 }}>
        {SHORT_FIELDS.map((field) => (
          <Box key={field} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600, color: 'text.secondary' }}>
              {FIELD_LABELS[field]}
              {changed.includes(field) && ' (modifié)'}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {changed.includes(field) ? (
                <DiffText parts={wordDiff(display(before, field), display(after, field))} />
              ) : (
                display(shown, field) || (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    (vide)
                  </Box>
                )
              )}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h3">
        Contenu{changed.includes('content') ? ` : ${diffSummary(contentParts)}` : ' : inchangé'}
      </Typography>
      {changed.includes('content') && beforeText === afterText && (
        <Typography variant="body2" color="text.secondary">
          Le texte est le même : seuls la mise en forme, les liens ou les images diffèrent.
        </Typography>
      )}
      <Box
        role="region"
        aria-label="Contenu comparé"
        tabIndex={0}
        sx={{ mt: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: '45vh', overflow: 'auto' }}
      >
        <DiffText parts={contentParts} />
      </Box>
    </>
  );
}
