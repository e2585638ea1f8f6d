import { MenuItem, TextField } from '@mui/material';
import { useMemo } from 'react';
import { InputHelperText, required, useInput, useTranslateLabel } from 'react-admin';
import { editorCategoryChoices, useEditorCategories } from './categories';

const validateCategory = required('La catégorie est requise');

/**
 * Catégorie * with its placeholder. Every category, ordered by name, except the legacy one the
 * editor hides (docs/product.md#categories); the article's own is kept so an old article still shows it.
 */
export function CategoryInput({ currentId }: { currentId?: string | null }) {
  const { data = [], error } = useEditorCategories();
  const choices = useMemo(() => editorCategoryChoices(data, currentId), [data, currentId]);
  const { field, fieldState, id, isRequired } = useInput({ source: 'category_id', validate: validateCategory });
  // A plain MUI select, so its label is looked up as react-admin's inputs do: resources.articles.fields.category_id.
  const label = useTranslateLabel()({ source: 'category_id', resource: 'articles' });
  return (
    <TextField
      select
      id={id}
      label={label}
      required={isRequired}
      fullWidth
      {...field}
      value={choices.length ? (field.value ?? '') : ''}
      error={fieldState.invalid || !!error}
      helperText={<InputHelperText error={fieldState.error?.message ?? (error ? 'Impossible de charger les catégories' : undefined)} />}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ mb: 1 }}
    >
      <MenuItem value="" disabled>
        Sélectionner une catégorie
      </MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
