import { Typography } from '@mui/material';
import { useMemo } from 'react';
import { required, SelectInput, useGetIdentity, useRecordContext } from 'react-admin';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import { bylineChoices } from './byline';
import { useNewsroomMembers } from './useNewsroomMembers';

const validateAuthor = required("L'auteur est requis");

/**
 * « Auteur », the byline: administrators sign an article with any newsroom member's name (a
 * correspondent's piece), by default their own. Journalists sign with theirs, which the database
 * sets, so they see no choice.
 */
export function AuthorInput() {
  const record = useRecordContext<{ author_id?: string | null }>();
  return useNewsroomRole() === 'admin' ? <AuthorSelect currentAuthorId={record?.author_id} /> : null;
}

function AuthorSelect({ currentAuthorId }: { currentAuthorId?: string | null }) {
  const { identity } = useGetIdentity();
  const { data, error } = useNewsroomMembers();
  const choices = useMemo(() => (data ? bylineChoices(data, currentAuthorId) : []), [data, currentAuthorId]);
  // The form keeps the author it has (its own default: the writer) when the list cannot be read.
  if (error)
    return (
      <Typography color="error" variant="body2" sx={{ mb: 2 }}>
        Impossible de charger la liste de la rédaction : l'auteur reste inchangé.
      </Typography>
    );
  // Rendered once the choices and the writer are known, so the default applies to a new article.
  if (!data || !identity) return null;
  return (
    <SelectInput
      source="author_id"
      label="Auteur"
      choices={choices}
      defaultValue={identity.id}
      validate={validateAuthor}
      helperText="Le nom signé sous le titre : un membre de la rédaction."
      fullWidth
    />
  );
}
