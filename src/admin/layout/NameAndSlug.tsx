import { maxLength, regex, required, TextInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { slugBase } from '@/lib/slug';

// The database's rules for a named address (categories' and tags' name and slug checks: 80 characters each).
export const validateName = [required('Le nom est requis'), maxLength(80, 'Le nom ne peut pas dépasser 80 caractères.')];
export const validateSlug = [
  required('Le slug est requis'),
  regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Le slug ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets.'),
  maxLength(80, 'Le slug ne peut pas dépasser 80 caractères.'),
];

/** A category's or a tag's name, and while the slug has not been touched by hand, the slug that follows it. */
export function NameFollowedBySlug() {
  const { setValue, getValues, getFieldState } = useFormContext();
  return (
    <TextInput
      source="name"
      validate={validateName}
      fullWidth
      onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
        if (!getFieldState('slug').isDirty || getValues('slug') === '')
          setValue('slug', slugBase(e.target.value), { shouldValidate: true });
      }}
    />
  );
}
