// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, CreateBase, EditBase, useEditContext, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18nProvider';
import { ArticleEditor } from '../ArticleEditor';
import type { ArticleRecord } from '../types';
import type { ArticleImages } from '../images/useArticleImages';
import type { ServerDraft } from './serverDraft';

// The editor as journalists meet it (fields, modes, save bar, drafts, sanitizer notice) inside
// react-admin's EditBase or CreateBase, with a plain data provider. The side column (images,
// history, presence) has tests of its own and is left out; the server draft is kept in memory
// here, and on the real stack in serverDraft.int.test.ts and the E2E story.

vi.mock('../images/ImagePanel', () => ({ ImagePanel: () => null }));
vi.mock('../workflow/WorkflowPanels', () => ({ WorkflowBar: () => null, WorkflowPanels: () => null }));

const server = vi.hoisted(() => ({ drafts: new Map<string, ServerDraft>(), saves: 0, deletes: 0 }));
vi.mock('./serverDraft', () => ({
  loadServerDraft: async (_client: unknown, id: string) => server.drafts.get(id) ?? null,
  saveServerDraft: async (_client: unknown, id: string, baseVersion: number, values: ServerDraft['values']) => {
    server.saves++;
    server.drafts.set(id, { values, baseVersion, savedAt: new Date().toISOString() });
  },
  deleteServerDraft: async (_client: unknown, id: string) => {
    server.deletes++;
    server.drafts.delete(id);
  },
}));

const images = {
  images: [],
  uploading: false,
  unsaved: false,
  remove: async () => false,
  prepareSave: () => ({ images: [], cover: undefined }),
  afterSave: async () => {},
} as unknown as ArticleImages;

const CATEGORIES = [{ id: 'c-eco', name: 'Économie', slug: 'economie' }];

function article(overrides: Partial<ArticleRecord> = {}): ArticleRecord {
  return {
    id: 'a1',
    title: 'Le port de Lomé',
    slug: 'le-port-de-lome',
    category_id: 'c-eco',
    excerpt: '',
    content: '<p>Le port autonome de Lomé a inauguré lundi son nouveau terminal.</p>',
    status: 'draft',
    published_at: null,
    image_url: null,
    version: 3,
    editor_mode: 'rich',
    ...overrides,
  };
}

function dataProvider(record: ArticleRecord | null, update = vi.fn()) {
  const unused = () => Promise.reject(new Error('not used by the editor'));
  return {
    getOne: async () => ({ data: record }),
    getList: async (resource: string) =>
      resource === 'categories' ? { data: CATEGORIES, total: CATEGORIES.length } : { data: [], total: 0 },
    getMany: async () => ({ data: [] }),
    getManyReference: unused,
    create: async (_r: string, { data }: { data: object }) => ({ data: { ...data, id: 'a-new' } }),
    update: async (_r: string, params: { id: string; data: object }) => {
      update(params.data);
      return { data: { ...record, ...params.data, version: (record?.version ?? 0) + 1 } };
    },
    updateMany: unused,
    delete: unused,
    deleteMany: unused,
  } as unknown as DataProvider;
}

function renderEditor(record: ArticleRecord | null, update = vi.fn(), role?: 'admin' | 'journalist') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const authProvider = role && {
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    getPermissions: async () => role,
  };
  const view = render(
    <AdminContext
      dataProvider={dataProvider(record, update)}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      {...(authProvider && { authProvider })}
    >
      {record ? (
        <EditBase resource="articles" id={record.id} mutationMode="pessimistic" redirect={false}>
          <WhenLoaded />
        </EditBase>
      ) : (
        <CreateBase resource="articles" redirect={false}>
          <ArticleEditor images={images} />
        </CreateBase>
      )}
    </AdminContext>,
  );
  return { user: userEvent.setup(), update, unmount: view.unmount };
}

/** As ArticleEdit does: the editor opens once its article is loaded. */
function WhenLoaded() {
  const { record, isPending } = useEditContext<ArticleRecord>();
  return isPending || !record ? null : <ArticleEditor images={images} />;
}

const modeButton = (name: string) => screen.getByRole('button', { name });
const contentBox = () => screen.getByRole('textbox', { name: "Contenu de l'article" });
const richEditor = () => document.querySelector('.ProseMirror[contenteditable="true"]');
// TipTap's chunk is loaded on demand: the first time takes a while in a test run.
const LAZY = { timeout: 15_000 };
const KEY = (id: string) => `afrique-actu:article-draft:${id}`;

beforeEach(() => {
  localStorage.clear();
  server.drafts.clear();
  server.saves = 0;
  server.deletes = 0;
});
afterEach(() => vi.useRealTimers());

describe('the mode an article was written in', () => {
  it("reopens an article written in 'Mise en forme' in the rich editor", async () => {
    renderEditor(article({ editor_mode: 'rich' }));
    await waitFor(() => expect(richEditor()).not.toBeNull(), LAZY);
    expect(modeButton('Mise en forme').getAttribute('aria-pressed')).toBe('true');
    expect(richEditor()!.textContent).toContain('Le port autonome de Lomé');
    expect(screen.queryByRole('textbox', { name: "Contenu de l'article" })?.tagName).not.toBe('TEXTAREA');
  });

  it("reopens an article written in 'Texte brut' in the text box, its HTML as typed", async () => {
    renderEditor(article({ editor_mode: 'html' }));
    await waitFor(() => expect(modeButton('Texte brut').getAttribute('aria-pressed')).toBe('true'));
    expect((contentBox() as HTMLTextAreaElement).value).toBe(article().content);
    expect(richEditor()).toBeNull();
  });

  it("starts a new article in 'Mise en forme'", async () => {
    renderEditor(null);
    await waitFor(() => expect(richEditor()).not.toBeNull(), LAZY);
    expect(modeButton('Mise en forme').getAttribute('aria-pressed')).toBe('true');
  });

  it('saves the mode it is switched to', async () => {
    const { user, update } = renderEditor(article({ editor_mode: 'rich' }));
    await waitFor(() => expect(richEditor()).not.toBeNull(), LAZY);
    await user.click(modeButton('Texte brut'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][0]).toMatchObject({ editor_mode: 'html' });
  });
});

describe('the save bar', () => {
  it('counts the words of the body and says its reading time, as it is written', async () => {
    const words = Array.from({ length: 460 }, (_, i) => `mot${i}`).join(' ');
    renderEditor(article({ editor_mode: 'html', content: `<h2>Deux mots</h2><p>${words}</p>` }));
    const stats = await screen.findByTestId('editor-stats');
    await waitFor(() => expect(stats.textContent).toBe('462 mots · 3 min de lecture'));
    fireEvent.change(contentBox(), { target: { value: '' } });
    await waitFor(() => expect(stats.textContent).toBe('0 mot · 0 min de lecture'));
    fireEvent.change(contentBox(), { target: { value: "<p>L'arrivée du président</p>" } });
    await waitFor(() => expect(stats.textContent).toBe('3 mots · 1 min de lecture'));
    expect(within(screen.getByTestId('save-bar')).getByRole('button', { name: 'Enregistrer' })).toBeTruthy();
  });
});

describe('drafts kept in the browser', () => {
  it('keeps the form in localStorage once typing pauses, and offers it back when the editor reopens', async () => {
    const first = renderEditor(article({ editor_mode: 'html' }));
    await waitFor(() => expect(contentBox()).toBeTruthy());
    const typed = `${article().content}<p>Un paragraphe ajouté.</p>`;
    fireEvent.change(contentBox(), { target: { value: typed } });
    await waitFor(() => expect(JSON.parse(localStorage.getItem(KEY('a1')) ?? '{}').values?.content).toBe(typed), { timeout: 3000 });
    expect(JSON.parse(localStorage.getItem(KEY('a1'))!)).toMatchObject({
      baseVersion: 3,
      values: { editor_mode: 'html', title: 'Le port de Lomé' },
    });

    // The tab is closed without saving, and the article opened again.
    first.unmount();
    const { user } = renderEditor(article({ editor_mode: 'html' }));
    await user.click(within(await screen.findByTestId('draft-prompt')).getByRole('button', { name: 'Restaurer' }));
    expect((contentBox() as HTMLTextAreaElement).value).toBe(typed);
  });

  it('offers a draft left in localStorage, in French, and restores it (mode included)', async () => {
    localStorage.setItem(
      KEY('a1'),
      JSON.stringify({
        savedAt: '2026-12-03T14:05:00.000Z',
        baseVersion: 3,
        values: { title: 'Le port de Lomé, version longue', content: '<p>Texte jamais enregistré.</p>', editor_mode: 'html' },
      }),
    );
    const { user } = renderEditor(article({ editor_mode: 'rich' }));
    const prompt = await screen.findByTestId('draft-prompt');
    expect(prompt.textContent).toContain('Une version non enregistrée du 3 déc. 2026, 14:05 UTC a été retrouvée.');
    expect(prompt.textContent).toContain('Gardée par ce navigateur, rédigée à partir de la version 3');
    await user.click(within(prompt).getByRole('button', { name: 'Restaurer' }));
    expect(screen.queryByTestId('draft-prompt')).toBeNull();
    await waitFor(() => expect(modeButton('Texte brut').getAttribute('aria-pressed')).toBe('true'));
    expect((contentBox() as HTMLTextAreaElement).value).toBe('<p>Texte jamais enregistré.</p>');
    expect((screen.getByRole('textbox', { name: /^Titre/ }) as HTMLInputElement).value).toBe('Le port de Lomé, version longue');
  });

  it('forgets the draft when « Ignorer » is chosen', async () => {
    localStorage.setItem(
      KEY('a1'),
      JSON.stringify({ savedAt: new Date().toISOString(), baseVersion: 3, values: { content: '<p>Autre.</p>' } }),
    );
    const { user } = renderEditor(article());
    await user.click(within(await screen.findByTestId('draft-prompt')).getByRole('button', { name: 'Ignorer' }));
    expect(screen.queryByTestId('draft-prompt')).toBeNull();
    expect(localStorage.getItem(KEY('a1'))).toBeNull();
  });

  it('says nothing of a draft identical to the article, and drops it', async () => {
    localStorage.setItem(
      KEY('a1'),
      JSON.stringify({ savedAt: new Date().toISOString(), baseVersion: 3, values: { content: article().content, excerpt: null } }),
    );
    renderEditor(article());
    await screen.findByTestId('editor-stats');
    await waitFor(() => expect(localStorage.getItem(KEY('a1'))).toBeNull());
    expect(screen.queryByTestId('draft-prompt')).toBeNull();
  });

  it('goes on without a draft when localStorage refuses to keep one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      const { user } = renderEditor(article({ editor_mode: 'html' }));
      await waitFor(() => expect(contentBox()).toBeTruthy());
      await user.type(contentBox(), ' suite');
      await waitFor(() => expect(setItem).toHaveBeenCalled(), { timeout: 3000 });
      expect((contentBox() as HTMLTextAreaElement).value).toContain('suite');
    } finally {
      setItem.mockRestore();
      warn.mockRestore();
    }
  });

  it('clears both drafts once the article is saved', async () => {
    const { user, update } = renderEditor(article({ editor_mode: 'html' }));
    await waitFor(() => expect(contentBox()).toBeTruthy());
    await user.type(contentBox(), '<p>Ajout.</p>');
    await waitFor(() => expect(localStorage.getItem(KEY('a1'))).not.toBeNull(), { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // A loaded machine (the whole unit lane at once) takes seconds from the click to the save's answer.
    await waitFor(() => expect(update).toHaveBeenCalled(), { timeout: 8000 });
    await waitFor(() => expect(localStorage.getItem(KEY('a1'))).toBeNull(), { timeout: 8000 });
    await waitFor(() => expect(server.deletes).toBeGreaterThan(0), { timeout: 8000 });
    // Nor does it come back a moment later: the form settling on the saved values is no change to keep.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(localStorage.getItem(KEY('a1'))).toBeNull();
  });
});

describe('drafts kept on the server', () => {
  it('offers the newer of the server draft and the browser one, saying where it comes from and its version', async () => {
    localStorage.setItem(
      KEY('a1'),
      JSON.stringify({ savedAt: '2026-12-03T09:00:00.000Z', baseVersion: 3, values: { content: '<p>Ancien.</p>' } }),
    );
    server.drafts.set('a1', {
      savedAt: '2026-12-03T10:30:00.000Z',
      baseVersion: 2,
      values: { content: '<p>Du serveur.</p>', editor_mode: 'html' },
    });
    const { user } = renderEditor(article());
    const prompt = await screen.findByTestId('draft-prompt');
    expect(prompt.textContent).toContain('du 3 déc. 2026, 10:30 UTC');
    expect(prompt.textContent).toContain("Brouillon enregistré sur le serveur, rédigé à partir de la version 2 de l'article.");
    expect(prompt.textContent).toContain("L'article est passé depuis à la version 3");
    await user.click(within(prompt).getByRole('button', { name: 'Restaurer' }));
    await waitFor(() => expect((contentBox() as HTMLTextAreaElement).value).toBe('<p>Du serveur.</p>'));
  });

  it('writes the form to the server after a longer pause in typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderEditor(article({ editor_mode: 'html' }));
    await waitFor(() => expect(contentBox()).toBeTruthy());
    fireEvent.change(contentBox(), { target: { value: '<p>Réécrit.</p>' } });
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(server.saves).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(server.drafts.get('a1')).toMatchObject({ baseVersion: 3, values: { content: '<p>Réécrit.</p>' } }));
  });
});

describe('the sanitizer notice', () => {
  it('lists, in French, what saving will remove, and the link to paste instead of YouTube code', async () => {
    renderEditor(article({ editor_mode: 'html', content: '<p>Intro.</p>' }));
    await waitFor(() => expect(contentBox()).toBeTruthy());
    expect(screen.queryByTestId('sanitizer-notice')).toBeNull();
    fireEvent.change(contentBox(), {
      target: {
        value:
          '<p>Intro.</p><table><tr><td>1</td></tr></table><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' +
          '<iframe src="https://www.youtube.com/embed/aaaaaaaaaaa"></iframe><script>x()</script>',
      },
    });
    const notice = await screen.findByTestId('sanitizer-notice');
    expect(notice.textContent).toContain(
      "À l'enregistrement, ces éléments seront retirés : 1 tableau, 2 vidéos intégrées (iframe), 1 script.",
    );
    expect(notice.textContent).toContain('collez son lien seul, sur sa propre ligne');
    expect(within(notice).getByRole('list', { name: 'Liens à coller seuls sur une ligne' }).textContent).toContain(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    fireEvent.change(contentBox(), { target: { value: '<p>Intro.</p><p>https://www.youtube.com/watch?v=dQw4w9WgXcQ</p>' } });
    await waitFor(() => expect(screen.queryByTestId('sanitizer-notice')).toBeNull());
  });
});

describe('« Republier »', () => {
  const published = () => article({ status: 'published', published_at: '2026-11-21T05:58:00.000Z' });

  it('is offered to an administrator on an article readers see, and asks first what it does', async () => {
    const { user } = renderEditor(published(), vi.fn(), 'admin');
    const button = await screen.findByRole('button', { name: 'Republier' }, { timeout: 5000 }); // the editor's first render is slow on a loaded machine
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Republier l'article ?")).toBeTruthy();
    expect(dialog.textContent).toContain('Sa date de publication devient maintenant');
    expect(dialog.textContent).toContain('elle garde la date et affiche « Mis à jour »');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('waits for unsaved changes to be saved (the article reloads after it)', async () => {
    renderEditor(published(), vi.fn(), 'admin');
    const button = await screen.findByRole('button', { name: 'Republier' }, { timeout: 5000 }); // the editor's first render is slow on a loaded machine
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: /^Titre/ }), { target: { value: 'Le port de Lomé, corrigé' } });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(button.getAttribute('title')).toBe("Enregistrez d'abord vos modifications");
  });

  it('is not offered to a journalist', async () => {
    renderEditor(published(), vi.fn(), 'journalist');
    await screen.findByRole('button', { name: 'Enregistrer' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /alerte/ })).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Republier' })).toBeNull();
  });

  it('is not offered on a draft', async () => {
    renderEditor(article(), vi.fn(), 'admin');
    await screen.findByRole('button', { name: 'Enregistrer' });
    expect(screen.queryByRole('button', { name: 'Republier' })).toBeNull();
  });
});

describe('the headline field', () => {
  it('wraps a long headline over lines (no cut on a phone) while keeping it one line of text', async () => {
    const { user } = renderEditor(article());
    const title = (await screen.findByRole('textbox', { name: /^Titre/ })) as HTMLTextAreaElement;
    expect(title.tagName).toBe('TEXTAREA');
    await user.clear(title);
    await user.type(title, 'Le port de Lomé{Enter} double ses quais');
    expect(title.value).toBe('Le port de Lomé double ses quais');
    fireEvent.change(title, { target: { value: 'Le port de Lomé\n  double ses quais' } });
    await waitFor(() => expect(title.value).toBe('Le port de Lomé double ses quais'));
  });
});
