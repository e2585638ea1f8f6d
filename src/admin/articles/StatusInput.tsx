import { RadioButtonGroupInput, type Validator } from 'react-admin';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import { statusChoicesFor } from './statusChoices';

/** « Statut »: every status for administrators; a journalist keeps a draft or sends it « À relire ». */
export function StatusInput({ validate }: { validate?: Validator }) {
  const choices = statusChoicesFor(useNewsroomRole());
  return <RadioButtonGroupInput source="status" choices={choices} row helperText={false} validate={validate} />;
}
