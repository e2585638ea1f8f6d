import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { frFR } from '@mui/x-date-pickers/locales';
import { fr } from 'date-fns/locale/fr';
import { useEffect, useRef, useState } from 'react';
import { FieldTitle, useInput, useTranslate, type Validator } from 'react-admin';
import { fromPickerValue, pickerValue } from './scheduleClock';

// The picker's own words (« Annuler », « Sélectionner la date »…) in French too.
const FRENCH_TEXTS = frFR.components.MuiLocalizationProvider.defaultProps.localeText;

interface Props {
  timeZone: string;
  validate: Validator;
  helperText: string;
}

/**
 * 'Programmé''s date and time: MUI's date-time picker in French (jj/mm/aaaa hh:mm:ss, a 24-hour
 * clock) whatever the browser's language, on the newsroom's clock (scheduleClock.ts). The form
 * holds a UTC instant (published_at). Part of the back office's code, not a chunk of its own: a
 * separate one added a file name to the reader's first load, which is at its budget.
 */
export default function SchedulePicker({ timeZone, validate, helperText }: Props) {
  const translate = useTranslate();
  const { field, fieldState, isRequired, id } = useInput({ source: 'published_at', validate, resource: 'articles' });
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  // The picker keeps what is being typed (an unfinished date has no instant: the form holds null
  // meanwhile); handing it back the form's null would wipe the sections typed so far. It follows
  // the form only when the form changes by itself (a reload, a restored draft).
  const instant = (field.value as string | null | undefined) ?? null;
  const [shown, setShown] = useState(() => pickerValue(instant, timeZone));
  const emitted = useRef(instant);
  useEffect(() => {
    if (instant === emitted.current) return;
    emitted.current = instant;
    setShown(pickerValue(instant, timeZone));
  }, [instant, timeZone]);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={fr} localeText={FRENCH_TEXTS}>
      <DateTimePicker
        label={<FieldTitle label={translate('resources.articles.fields.published_at')} isRequired={isRequired} />}
        value={shown}
        onChange={(value) => {
          setShown(value);
          emitted.current = fromPickerValue(value, timeZone);
          field.onChange(emitted.current);
        }}
        onClose={field.onBlur}
        views={['year', 'month', 'day', 'hours', 'minutes', 'seconds']}
        format="dd/MM/yyyy HH:mm:ss"
        ampm={false}
        slotProps={{
          textField: {
            id,
            name: field.name,
            onBlur: field.onBlur,
            error: Boolean(error),
            helperText: error ?? helperText,
            sx: { minWidth: 280, my: 1 },
          },
        }}
      />
    </LocalizationProvider>
  );
}
