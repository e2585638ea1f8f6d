import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useCallback, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { newsroomTimeZone } from '@/lib/env';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import { useTrackedVersion, type TrackedVersion } from '../baseVersion';
import { useDraftAutosave } from './useDraftAutosave';
import { useFoundDraft, type FoundDraft } from './useFoundDraft';

interface Props {
  /** The version the form is based on (existing articles), when the editor tracks it; else the record's. */
  baseVersion?: TrackedVersion;
}

/**
 * The editor's safety net: the form is kept as it is written (browser, and server for an existing
 * article), and a version left unsaved by a closed tab, a crash or a reload is offered back.
 */
export function EditorDrafts({ baseVersion }: Props) {
  const record = useRecordContext<{ id: string; version?: number }>();
  const articleId = record?.id;
  const recordVersion = record?.version ?? null;
  const currentVersion = useTrackedVersion(baseVersion) ?? recordVersion;
  const versionNow = useCallback(() => baseVersion?.current ?? recordVersion, [baseVersion, recordVersion]);
  const { clearDrafts } = useDraftAutosave({ articleId, baseVersion: versionNow });
  const found = useFoundDraft(articleId);
  const [answered, setAnswered] = useState(false);
  const { setValue, formState } = useFormContext();

  if (!found || answered) return null;

  const restore = () => {
    const fields = new Set(Object.keys(formState.defaultValues ?? {}));
    // The mode first, so the content lands in the input it was written in.
    const { editor_mode, ...rest } = found.values;
    if (editor_mode !== undefined) setValue('editor_mode', editor_mode, { shouldDirty: true });
    for (const [name, value] of Object.entries(rest)) if (fields.has(name)) setValue(name, value, { shouldDirty: true });
    setAnswered(true);
  };
  const ignore = () => {
    clearDrafts();
    setAnswered(true);
  };
  return (
    <Alert
      severity="info"
      data-testid="draft-prompt"
      sx={{ mb: 2 }}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" variant="outlined" onClick={restore}>
            Restaurer
          </Button>
          <Button color="inherit" size="small" onClick={ignore}>
            Ignorer
          </Button>
        </Stack>
      }
    >
      <AlertTitle>Une version non enregistrée du {formatNewsroomTime(found.savedAt, newsroomTimeZone())} a été retrouvée.</AlertTitle>
      {describeSource(found, currentVersion)}
    </Alert>
  );
}

function describeSource(found: FoundDraft, currentVersion: number | null): string {
  const where =
    found.source === 'server'
      ? `Brouillon enregistré sur le serveur${found.baseVersion != null ? `, rédigé à partir de la version ${found.baseVersion} de l'article` : ''}.`
      : found.baseVersion != null
        ? `Gardée par ce navigateur, rédigée à partir de la version ${found.baseVersion} de l'article.`
        : 'Gardée par ce navigateur.';
  const moved =
    found.baseVersion != null && currentVersion != null && currentVersion !== found.baseVersion
      ? ` L'article est passé depuis à la version ${currentVersion} : en la restaurant puis en enregistrant, elle remplacera ces changements.`
      : '';
  return where + moved;
}
