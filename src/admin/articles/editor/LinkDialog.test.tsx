// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LinkDialog, type LinkValues } from './LinkDialog';
import { LINK_URL_INVALID, LINK_URL_MISSING, linkUrlError, normalizeLinkUrl } from './linkUrl';

function open(initial: LinkValues, editing = false) {
  const handlers = { onSubmit: vi.fn(), onRemove: vi.fn(), onClose: vi.fn() };
  render(<LinkDialog initial={initial} editing={editing} {...handlers} />);
  return { user: userEvent.setup(), ...handlers };
}

describe('LinkDialog', () => {
  it('makes the selected text a link, in French, refusing an address that is not one', async () => {
    const { user, onSubmit } = open({ url: '', text: 'le rapport', newTab: true });
    expect(screen.getByRole('dialog', { name: 'Insérer un lien' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Supprimer le lien' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Insérer' }));
    expect(screen.getByText(LINK_URL_MISSING)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Adresse/ }), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Insérer' }));
    expect(screen.getByText(LINK_URL_INVALID)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(screen.getByRole('textbox', { name: /Adresse/ }));
    await user.type(screen.getByRole('textbox', { name: /Adresse/ }), 'www.example.org/rapport');
    await user.click(screen.getByRole('checkbox', { name: 'Ouvrir dans un nouvel onglet' }));
    await user.click(screen.getByRole('button', { name: 'Insérer' }));
    expect(onSubmit).toHaveBeenCalledWith({ url: 'https://www.example.org/rapport', text: 'le rapport', newTab: false });
  });

  it('edits an existing link: its address, text and tab come filled in, and it can be removed', async () => {
    const { user, onSubmit, onRemove } = open({ url: 'https://a.example/x', text: 'source', newTab: true }, true);
    expect(screen.getByRole('dialog', { name: 'Modifier le lien' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Adresse/ })).toHaveProperty('value', 'https://a.example/x');
    expect(screen.getByRole('checkbox', { name: 'Ouvrir dans un nouvel onglet' })).toHaveProperty('checked', true);
    const text = screen.getByRole('textbox', { name: 'Texte du lien' });
    await user.clear(text);
    await user.type(text, 'la source');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    expect(onSubmit).toHaveBeenCalledWith({ url: 'https://a.example/x', text: 'la source', newTab: true });
    await user.click(screen.getByRole('button', { name: 'Supprimer le lien' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it('uses the address as the text when none is given, and closes on « Annuler »', async () => {
    const { user, onSubmit, onClose } = open({ url: '', text: '', newTab: true });
    await user.type(screen.getByRole('textbox', { name: /Adresse/ }), '/article/le-budget');
    await user.click(screen.getByRole('button', { name: 'Insérer' }));
    expect(onSubmit).toHaveBeenCalledWith({ url: '/article/le-budget', text: '/article/le-budget', newTab: true });
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('linkUrlError', () => {
  it('accepts web, e-mail and site addresses, the ones the sanitizer keeps', () => {
    for (const url of [
      'https://www.example.org',
      'http://a.example/b?c=d#e',
      'mailto:redaction@example.org',
      '/article/x',
      'example.org/x',
    ])
      expect(linkUrlError(url), url).toBeUndefined();
  });
  it('refuses what would vanish or harm at publication', () => {
    for (const url of ['javascript:alert(1)', '//evil.example', '/\\evil.example', 'https://', 'un texte', 'ftp://a.example'])
      expect(linkUrlError(url), url).toBe(LINK_URL_INVALID);
    expect(linkUrlError('  ')).toBe(LINK_URL_MISSING);
  });
  it('reads an address typed without its scheme as https', () => {
    expect(normalizeLinkUrl(' www.example.org ')).toBe('https://www.example.org');
    expect(normalizeLinkUrl('/article/x')).toBe('/article/x');
  });
});
