import { Box } from '@mui/material';
import {
  BooleanInput,
  Create,
  Edit,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  regex,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { slugBase } from '@/lib/slug';
import { BackToDashboard } from '../layout/BackToDashboard';
import { DeleteCategoryButton } from './DeleteCategoryButton';
import { CATEGORY_COLUMNS, toCategoryWrite, type Category } from './types';

// The database's rules for categories (categories_name_check, categories_slug_check, the menu place's check).
const validateName = [required('Le nom est requis'), maxLength(80, 'Le nom ne peut pas dépasser 80 caractères.')];
const validateSlug = [
  required('Le slug est requis'),
  regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Le slug ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets.'),
  maxLength(80, 'Le slug ne peut pas dépasser 80 caractères.'),
];
const validatePosition = [minValue(1, 'Au moins 1.'), maxValue(999, 'Au plus 999.')];

function CommonFields() {
  return (
    <>
      <NumberInput
        source="menu_position"
        min={1}
        max={999}
        step={1}
        validate={validatePosition}
        helperText="1 en premier ; vide : hors du menu (sa page reste en ligne)."
      />
      <BooleanInput
        source="hidden_from_editor"
        helperText="Les nouveaux articles ne peuvent plus y être classés ; les anciens la gardent."
      />
    </>
  );
}

/** Its name, and while the slug has not been touched by hand, the slug that follows it. */
function NameFollowedBySlug() {
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

/** « Nouvelle rubrique »: its slug, its address for good, is chosen here. */
export function CategoryCreate() {
  return (
    <Box sx={{ pt: 2 }}>
      <BackToDashboard />
      <Create<Category>
        title="Nouvelle rubrique"
        redirect="list"
        mutationOptions={{ meta: { columns: CATEGORY_COLUMNS } }}
        transform={(values: Category) => ({ ...toCategoryWrite(values), slug: values.slug })}
      >
        <SimpleForm>
          <NameFollowedBySlug />
          <TextInput
            source="slug"
            validate={validateSlug}
            fullWidth
            helperText="Adresse de la rubrique : /category/… (ne change plus ensuite)."
          />
          <CommonFields />
        </SimpleForm>
      </Create>
    </Box>
  );
}

/** « Modifier la rubrique »: name, menu place, hidden from the editor; the slug is shown, not changed. */
export function CategoryEdit() {
  return (
    <Box sx={{ pt: 2 }}>
      <BackToDashboard />
      <Edit<Category>
        title="Modifier la rubrique"
        mutationMode="pessimistic"
        redirect="list"
        queryOptions={{ meta: { columns: CATEGORY_COLUMNS } }}
        mutationOptions={{ meta: { columns: CATEGORY_COLUMNS } }}
        transform={(values: Category) => toCategoryWrite(values)}
      >
        <SimpleForm
          toolbar={
            <Toolbar sx={{ justifyContent: 'space-between' }}>
              <SaveButton />
              <DeleteCategoryButton />
            </Toolbar>
          }
        >
          <TextInput source="name" validate={validateName} fullWidth />
          <TextInput
            source="slug"
            disabled
            fullWidth
            helperText="L'adresse d'une rubrique ne change pas : les liens déjà partagés restent valables."
          />
          <CommonFields />
        </SimpleForm>
      </Edit>
    </Box>
  );
}
