import { Box, Button, Typography } from '@mui/material';
import { ArrayInput, DateInput, RadioButtonGroupInput, SimpleFormIterator, TextInput, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { FACT_CHECK_LIMITS as MAX, VIRAL_CLAIMANT } from '@/lib/factCheck';
import { CheckedByInput } from './CheckedByInput';
import { addressOrEmpty, requiredToPublish, sourcesToPublish, VERDICT_CHOICES, withinLimit } from './factCheckForm';

const validateClaim = [withinLimit(MAX.claim, "L'affirmation"), requiredToPublish("L'affirmation vérifiée est requise pour publier.")];
const validateClaimant = [withinLimit(MAX.claimant, 'Qui l’affirme'), requiredToPublish('Indiquez qui l’affirme pour publier.')];
const validateSummary = [withinLimit(MAX.summary, '« En bref »'), requiredToPublish('« En bref » est requis pour publier.')];
const validateVerdict = [requiredToPublish('Le verdict est requis pour publier.')];
const requiredSource = (message: string) => (value: unknown) => (typeof value === 'string' && value.trim() ? undefined : message);

/** A one-line field: Enter starts nothing, a pasted line break becomes a space. */
const oneLine = {
  parse: (value: string) => value.replace(/\s*[\r\n]+\s*/g, ' '),
  onKeyDown: (e: { key: string; preventDefault: () => void }) => e.key === 'Enter' && e.preventDefault(),
};

/** « 42 / 280 » under a field as it is typed. */
function Counter({ source, max }: { source: string; max: number }) {
  const value = useWatch({ name: source }) as string | undefined;
  return (
    <Box component="span" sx={{ display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
      {[...(value ?? '').trim()].length} / {max}
    </Box>
  );
}

/** A one-line text that wraps as it is typed, with its « n / max » counter. */
function OneLineField({ source, label, max, validate }: { source: string; label: string; max: number; validate: Validator[] }) {
  return (
    <TextInput
      source={source}
      label={label}
      multiline
      fullWidth
      validate={validate}
      helperText={<Counter source={source} max={max} />}
      {...oneLine}
    />
  );
}

/**
 * The « Vrai ou faux » fields, shown when the format is chosen: what was checked, who said it,
 * where it circulates, the verdict on the fixed scale, « En bref », the explanation's two parts,
 * the sources and « Vérifié par ». A draft may stay unfinished; publishing asks for the rest.
 */
export function FactCheckFields() {
  const format = useWatch({ name: 'format' });
  const { setValue } = useFormContext();
  if (format !== 'factcheck') return null;
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ px: 1 }}>
        Vrai ou faux
      </Typography>
      <OneLineField source="fact_check.claim" label="Affirmation vérifiée" max={MAX.claim} validate={validateClaim} />
      <TextInput
        source="fact_check.claimant"
        label="Qui l'affirme"
        fullWidth
        validate={validateClaimant}
        helperText="Nom et fonction (« Awa Ndiaye, ministre de la Santé »), ou « Publications virales » pour des particuliers."
      />
      <Button size="small" onClick={() => setValue('fact_check.claimant', VIRAL_CLAIMANT, { shouldDirty: true, shouldValidate: true })}>
        {VIRAL_CLAIMANT}
      </Button>
      <TextInput source="fact_check.channels" label="Où elle circule" fullWidth helperText="WhatsApp, Facebook, TikTok, radio, discours…" />
      {Array.from({ length: MAX.links }, (_, i) => (
        <TextInput
          key={i}
          source={`fact_check.links.${i}`}
          label={`Lien ${i + 1} (facultatif)`}
          fullWidth
          validate={addressOrEmpty}
          helperText={false}
        />
      ))}
      <DateInput source="fact_check.first_seen" label="Vue pour la première fois le" helperText={false} />
      <RadioButtonGroupInput
        source="fact_check.verdict"
        label="Verdict"
        choices={VERDICT_CHOICES}
        validate={validateVerdict}
        row
        helperText="Changer le verdict d'un article publié ajoute une note de correction visible des lecteurs."
      />
      <OneLineField source="fact_check.summary" label="En bref" max={MAX.summary} validate={validateSummary} />
      <TextInput
        source="fact_check.what_is_true"
        label="Ce qui est vrai"
        multiline
        rows={3}
        fullWidth
        validate={withinLimit(MAX.what_is_true, '« Ce qui est vrai »')}
      />
      <TextInput
        source="fact_check.why_it_matters"
        label="Pourquoi c'est important"
        multiline
        rows={3}
        fullWidth
        validate={withinLimit(MAX.why_it_matters, '« Pourquoi c’est important »')}
      />
      <ArrayInput source="fact_check.sources" label="Sources" validate={sourcesToPublish}>
        <SimpleFormIterator inline disableReordering>
          <TextInput
            source="title"
            label="Titre"
            validate={[requiredSource('Le titre de la source est requis.'), withinLimit(MAX.sourceTitle, 'Le titre')]}
            helperText={false}
          />
          <TextInput source="url" label="Lien" validate={[requiredSource(ADDRESS_REQUIRED), addressOrEmpty]} helperText={false} />
          <DateInput
            source="consulted"
            label="Consultée le"
            validate={requiredSource('La date de consultation est requise.')}
            helperText={false}
          />
        </SimpleFormIterator>
      </ArrayInput>
      <CheckedByInput />
    </Box>
  );
}

const ADDRESS_REQUIRED = 'Le lien de la source est requis.';
