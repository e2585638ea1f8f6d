import { Box } from '@mui/material';
import { BooleanInput, Create, Edit, maxValue, minValue, NumberInput, SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { BackToDashboard } from '../layout/BackToDashboard';
import { NameFollowedBySlug, validateName, validateSlug } from '../layout/NameAndSlug';
import { DeleteCategoryButton } from './DeleteCategoryButton';
import { CATEGORY_COLUMNS, toCategoryWrite, type Category } from './types';

// The database's rule for a category's place in the menu (its name and slug: NameAndSlug).
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
