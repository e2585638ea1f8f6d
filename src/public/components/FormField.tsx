import type { ComponentProps, ReactNode } from 'react';
import './FormField.css';

interface FieldFrame {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A label tied to its control, an optional hint, and the error the control is described by. */
function Frame({ id, label, error, hint, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function ariaFor({ id, error, hint }: FieldFrame) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

export function TextField({ id, label, error, hint, ...input }: FieldFrame & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <input id={id} {...input} {...ariaFor({ id, label, error, hint })} />
    </Frame>
  );
}

export function TextAreaField({ id, label, error, hint, ...area }: FieldFrame & Omit<ComponentProps<'textarea'>, 'id'>) {
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <textarea id={id} {...area} {...ariaFor({ id, label, error, hint })} />
    </Frame>
  );
}
