import { Box } from '@mui/material';
import {
  BooleanInput,
  Create,
  Edit,
  maxLength,
  regex,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { tagPath } from '@/lib/readerPaths';
import { BackToDashboard } from '../layout/BackToDashboard';
import { NameFollowedBySlug, validateName, validateSlug } from '../layout/NameAndSlug';
import { MergeTagButton } from './MergeTagButton';
import { TAG_COLUMNS, TAG_KINDS, toTagWrite, type Tag } from './types';

// The database's rules for a tag's description and picture (its name and slug: NameAndSlug).
const validateDescription = maxLength(1000, 'La description ne peut pas dépasser 1 000 caractères.');
const validatePicture = regex(/^https?:\/\/\S{1,490}$/, 'Indiquez l’adresse d’une image (https://…).');

function CommonFields() {
  return (
    <>
      <TextInput
        source="description"
        multiline
        rows={3}
        fullWidth
        validate={validateDescription}
        helperText="Affichée en tête de sa page (facultatif)."
      />
      <TextInput source="picture_url" fullWidth validate={validatePicture} helperText="Image de sa page (facultatif)." />
      <BooleanInput source="hidden" helperText="Retirée des pages des lecteurs et du choix des journalistes ; les articles la gardent." />
    </>
  );
}

/** « Nouvelle étiquette »: its kind and slug, its address for good, are chosen here. */
export function TagCreate() {
  return (
    <Box sx={{ pt: 2 }}>
      <BackToDashboard />
      <Create<Tag>
        title="Nouvelle étiquette"
        redirect="list"
        mutationOptions={{ meta: { columns: TAG_COLUMNS } }}
        transform={(values: Tag) => ({ ...toTagWrite(values), kind: values.kind, slug: values.slug })}
      >
        <SimpleForm defaultValues={{ kind: 'theme' }}>
          <SelectInput source="kind" choices={TAG_KINDS} validate={required('Le type est requis')} />
          <NameFollowedBySlug />
          <TextInput
            source="slug"
            validate={validateSlug}
            fullWidth
            helperText="Adresse de sa page : /sujet/… ou /pays/… (ne change plus ensuite)."
          />
          <CommonFields />
        </SimpleForm>
      </Create>
    </Box>
  );
}

/** The tag's address, shown, never changed. */
function Address() {
  const tag = useRecordContext<Tag>();
  return tag ? (
    <TextInput
      source="slug"
      disabled
      fullWidth
      format={() => tagPath(tag.kind, tag.slug)}
      helperText="L'adresse d'une étiquette ne change pas : les liens déjà partagés restent valables."
    />
  ) : null;
}

/** « Modifier l'étiquette »: rename, describe, hide; « Fusionner » moves its articles to another. */
export function TagEdit() {
  return (
    <Box sx={{ pt: 2 }}>
      <BackToDashboard />
      <Edit<Tag>
        title="Modifier l'étiquette"
        mutationMode="pessimistic"
        redirect="list"
        queryOptions={{ meta: { columns: TAG_COLUMNS } }}
        mutationOptions={{ meta: { columns: TAG_COLUMNS } }}
        transform={(values: Tag) => toTagWrite(values)}
      >
        <SimpleForm
          toolbar={
            <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
              <SaveButton />
              <MergeTagButton />
            </Toolbar>
          }
        >
          <SelectInput source="kind" choices={TAG_KINDS} disabled />
          <TextInput source="name" validate={validateName} fullWidth />
          <Address />
          <CommonFields />
        </SimpleForm>
      </Edit>
    </Box>
  );
}
