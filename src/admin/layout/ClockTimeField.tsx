import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { parseClockTime } from '@/lib/clockTime';

/**
 * A time of day typed in 24 hours (« 06:30 »), whatever the browser's language: a `type="time"`
 * field showed « 06:30 AM » in an English browser. `onChange` gets 'HH:MM' once what is typed is a
 * time; until then the field says how to write one and keeps the last valid value.
 */
export function ClockTimeField({ label, value, onChange }: { label: string; value: string; onChange: (time: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const valid = parseClockTime(text) !== null;
  return (
    <TextField
      label={label}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const time = parseClockTime(e.target.value);
        if (time) onChange(time);
      }}
      onBlur={() => setText(parseClockTime(text) ?? text)}
      error={!valid}
      helperText={valid ? 'Sur 24 heures' : 'Une heure sur 24 heures, par exemple 06:30'}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', placeholder: 'HH:MM', maxLength: 7 } }}
      sx={{ width: 180 }}
    />
  );
}
