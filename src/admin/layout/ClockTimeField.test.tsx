// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ClockTimeField } from './ClockTimeField';

function Setting({ onChange }: { onChange: (time: string) => void }) {
  const [time, setTime] = useState('06:30');
  return <ClockTimeField label="Heure d'envoi (UTC)" value={time} onChange={(t) => (setTime(t), onChange(t))} />;
}

describe('ClockTimeField', () => {
  it('shows and takes a time in 24 hours, whatever the browser’s language (never « 06:30 AM »)', () => {
    const changed = vi.fn();
    render(<Setting onChange={changed} />);
    const field = screen.getByRole('textbox', { name: "Heure d'envoi (UTC)" }) as HTMLInputElement;
    expect(field.type).toBe('text');
    expect(field.value).toBe('06:30');
    fireEvent.change(field, { target: { value: '18h05' } });
    expect(changed).toHaveBeenLastCalledWith('18:05');
    fireEvent.blur(field);
    expect(field.value).toBe('18:05');
  });
  it('says how to write a time, and keeps the last valid one, when what is typed is none', () => {
    const changed = vi.fn();
    render(<Setting onChange={changed} />);
    const field = screen.getByRole('textbox', { name: "Heure d'envoi (UTC)" });
    fireEvent.change(field, { target: { value: '6:30 PM' } });
    expect(changed).not.toHaveBeenCalled();
    expect(screen.getByText('Une heure sur 24 heures, par exemple 06:30')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});
