// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, TextInput } from 'react-admin';
import { expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18nProvider';
import { TitleCounter } from './TitleCounter';
import { titleWithinLimit } from './titleLength';

function renderTitle(title: string) {
  const onSubmit = vi.fn();
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form record={{ title }} onSubmit={onSubmit} noValidate>
        <TextInput source="title" resource="articles" validate={titleWithinLimit} helperText={<TitleCounter />} />
        <button type="submit">Enregistrer</button>
      </Form>
    </AdminContext>,
  );
  return { user: userEvent.setup(), onSubmit };
}

it('counts the headline against 150 as it is typed', async () => {
  const { user } = renderTitle('');
  const counter = screen.getByTestId('title-counter');
  expect(counter.textContent).toBe('0 / 150');
  await user.type(screen.getByLabelText('Titre'), 'Lomé : le port');
  expect(counter.textContent).toBe('14 / 150');
});

it('says at once, in French, that a headline is too long, and refuses to save it', async () => {
  const { user, onSubmit } = renderTitle('a'.repeat(150));
  expect(screen.getByTestId('title-counter').textContent).toBe('150 / 150');
  await user.type(screen.getByLabelText('Titre'), 'b');
  expect(screen.getByTestId('title-counter').textContent).toBe('Le titre ne peut pas dépasser 150 caractères : raccourcissez-le.151 / 150');
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Le titre ne peut pas dépasser 150 caractères : raccourcissez-le.')).toBeTruthy();
  expect(onSubmit).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText('Titre'), '{Backspace}');
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(onSubmit).toHaveBeenCalledOnce();
});
