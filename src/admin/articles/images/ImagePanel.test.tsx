// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, CreateBase, EditBase, Form, RadioButtonGroupInput, useRecordContext, type DataProvider } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18nProvider';
import { STATUS_CHOICES } from '../statusChoices';
import { ImagePanel } from './ImagePanel';
import { IMAGE_DRAG_TYPE } from './ImageTile';
import type { ListedImage } from './types';
import { useArticleImages, type ArticleImages } from './useArticleImages';
import { useImageSaveRules } from './useImageSaveRules';

// The panel, its hook and its save rules inside react-admin's form, as the editor mounts them,
// with a plain data provider that records what a save sends and answers the panel's own calls
// (ArticleImageMethods) from `stored`. The browser-only part (image preparation in a worker) is
// replaced; the data provider's writes and the database's rules are tested on the real stack
// (articleImageMethods.int.test.ts, newsroomDataProvider.int.test.ts) and in the E2E story
// (writing-desk-images.spec.ts).

const stored = vi.hoisted(() => ({ rows: [] as ListedImage[], cover: null as string | null, out: false, lists: 0 }));

vi.mock('./uploadPipeline', () => ({
  uploadImages: async (files: File[]) => ({ urls: files.map((f) => `https://img.test/${f.name}`), errors: [], stills: [] }),
}));

const onInsert = vi.fn();

function Body({ images }: { images: ArticleImages }) {
  const validateStatus = useImageSaveRules(images);
  return (
    <>
      <RadioButtonGroupInput source="status" choices={STATUS_CHOICES} validate={validateStatus} helperText={false} />
      <ImagePanel images={images} onInsert={onInsert} onRemove={(image) => void images.remove(image)} />
      <button type="submit">Enregistrer</button>
    </>
  );
}

function NewArticle() {
  const images = useArticleImages();
  return (
    <CreateBase resource="articles" mutationMode="pessimistic" transform={(v: { status: string }) => ({ status: v.status })}>
      <Form defaultValues={{ status: 'draft' }} noValidate>
        <Body images={images} />
      </Form>
    </CreateBase>
  );
}

function ExistingArticle() {
  return (
    <EditBase
      resource="articles"
      id="a1"
      mutationMode="pessimistic"
      redirect={false}
      transform={(v: { status: string; version: number }) => ({ status: v.status, version: v.version })}
    >
      <Loaded />
    </EditBase>
  );
}
function Loaded() {
  const record = useRecordContext<{ id: string; image_url: string | null }>();
  if (!record) return null;
  return <Edited id={record.id} cover={record.image_url} />;
}
function Edited({ id, cover }: { id: string; cover: string | null }) {
  const images = useArticleImages(id, cover);
  return (
    <Form noValidate>
      <Body images={images} />
    </Form>
  );
}

function provider() {
  const unused = () => Promise.reject(new Error('not used by the panel'));
  return {
    getList: unused,
    getMany: unused,
    getManyReference: unused,
    updateMany: unused,
    delete: unused,
    deleteMany: unused,
    getOne: vi.fn(async () => ({ data: { id: 'a1', status: 'draft', image_url: stored.cover, version: 4 } })),
    create: vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 'new', ...params.data } })),
    update: vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 'a1', ...params.data, version: 5 } })),
    getArticleImages: async () => {
      stored.lists++;
      return { cover: stored.cover, out: stored.out, images: stored.rows.map((r) => ({ ...r })) };
    },
    storeImageFile: async () => '',
    removeImageFiles: async () => {},
    discardImages: async () => {},
    addImages: unused,
    setCover: async () => 2,
    removeImage: async () => {},
  };
}

function renderScreen(screenUnderTest: React.ReactNode) {
  const dataProvider = provider();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminContext dataProvider={dataProvider as unknown as DataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
      {screenUnderTest}
    </AdminContext>,
  );
  return { user: userEvent.setup(), dataProvider };
}

/** Types a whole text at once (a paste): key by key, a long text takes seconds in jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const tile = (n: number) => screen.getByRole('group', { name: `Image ${n}` });
const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

async function addImages(...names: string[]) {
  fireEvent.change(screen.getByTestId('image-input'), { target: { files: names.map(file) } });
  await screen.findByRole('heading', { name: `Images (${names.length})` });
}

beforeEach(() => {
  onInsert.mockReset();
  Object.assign(stored, { rows: [], cover: null, out: false, lists: 0 });
});

describe('a new article', () => {
  it(
    'refuses Publié while an image lacks its alternative text, naming it, then sends the images in order with their facts and the chosen main image',
    { timeout: 60_000 },
    async () => {
      const { user, dataProvider } = renderScreen(<NewArticle />);
      await addImages('marche.jpg', 'port.jpg');

      await fill(user, within(tile(1)).getByLabelText(/Texte alternatif/), 'Des étals au marché Sandaga');
      await fill(user, within(tile(1)).getByLabelText('Légende'), 'Le marché à midi');
      await fill(user, within(tile(2)).getByLabelText('Crédit'), 'AFP / Aïssatou Ba');
      // The port goes first, and becomes the main image.
      await user.click(within(tile(2)).getByRole('button', { name: "Monter l'image 2" }));
      expect(within(tile(1)).getByRole('img')).toHaveProperty('src', 'https://img.test/port.jpg');
      await user.click(within(tile(1)).getByRole('radio', { name: 'Image principale' }));
      expect(within(tile(1)).getByText('Image principale', { selector: '.MuiChip-label' })).toBeTruthy();

      await user.click(screen.getByRole('radio', { name: 'Publié' }));
      // The missing text is flagged in the panel before any save.
      expect(within(tile(1)).getByText("Obligatoire pour publier : décrivez ce que montre l'image.")).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(await screen.findByText("Ajoutez un texte alternatif à l'image 1 avant de publier l'article.")).toBeTruthy();
      expect(dataProvider.create).not.toHaveBeenCalled();
      // Nothing typed was lost.
      expect(within(tile(2)).getByLabelText('Légende')).toHaveProperty('value', 'Le marché à midi');

      await fill(user, within(tile(1)).getByLabelText(/Texte alternatif/), 'Le port de Dakar au lever du jour');
      await waitFor(() => expect(screen.queryByText(/Ajoutez un texte alternatif/)).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

      await waitFor(() => expect(dataProvider.create).toHaveBeenCalledTimes(1));
      const [, params] = dataProvider.create.mock.calls[0] as unknown as [string, { data: object; meta: { images: unknown[] } }];
      expect(params.data).toEqual({ status: 'published', image_url: 'https://img.test/port.jpg' });
      expect(params.meta.images).toEqual([
        {
          image_url: 'https://img.test/port.jpg',
          alt_text: 'Le port de Dakar au lever du jour',
          caption: null,
          credit: 'AFP / Aïssatou Ba',
          position: 0,
        },
        {
          image_url: 'https://img.test/marche.jpg',
          alt_text: 'Des étals au marché Sandaga',
          caption: 'Le marché à midi',
          credit: null,
          position: 1,
        },
      ]);
    },
  );

  it('accepts a draft with images that have no alternative text yet, the first as main image by default', async () => {
    const { user, dataProvider } = renderScreen(<NewArticle />);
    await addImages('a.jpg', 'b.jpg');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledTimes(1));
    const [, params] = dataProvider.create.mock.calls[0] as unknown as [string, { data: { image_url: string } }];
    expect(params.data.image_url).toBe('https://img.test/a.jpg');
  });

  it('moves an image with the keyboard: the focus follows it, and the move is announced', async () => {
    const { user } = renderScreen(<NewArticle />);
    await addImages('a.jpg', 'b.jpg', 'c.jpg');
    within(tile(1)).getByRole('button', { name: "Descendre l'image 1" }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(within(tile(2)).getByRole('button', { name: "Descendre l'image 2" })));
    await user.keyboard('{Enter}');
    // At the bottom « Descendre » is off: the focus goes to « Monter » of the same image.
    await waitFor(() => expect(document.activeElement).toBe(within(tile(3)).getByRole('button', { name: "Monter l'image 3" })));
    expect(within(tile(3)).getByRole('img')).toHaveProperty('src', 'https://img.test/a.jpg');
    expect(screen.getByRole('status').textContent).toBe('Image 2 déplacée en position 3 sur 3.');
    expect(within(tile(3)).getByRole('button', { name: "Descendre l'image 3" })).toHaveProperty('disabled', true);
    expect(within(tile(1)).getByRole('button', { name: "Monter l'image 1" })).toHaveProperty('disabled', true);
  });

  it('inserts an image into the text with its alternative text', async () => {
    const { user } = renderScreen(<NewArticle />);
    await addImages('a.jpg');
    await fill(user, within(tile(1)).getByLabelText(/Texte alternatif/), 'Un pêcheur');
    await user.click(screen.getByRole('button', { name: "Insérer l'image 1 dans le contenu" }));
    expect(onInsert).toHaveBeenCalledWith('https://img.test/a.jpg', 'Un pêcheur');
  });
});

describe('an existing article', () => {
  beforeEach(() => {
    stored.cover = 'https://img.test/1.webp';
    stored.rows = [1, 2, 3].map((n) => ({
      id: `r${n}`,
      image_url: `https://img.test/${n}.webp`,
      caption: null,
      credit: null,
      alt_text: `Image numéro ${n}`,
      position: n - 1,
    }));
  });

  it('is reordered by dragging a thumbnail, and the save sends only the rows that changed, then the chosen main image', async () => {
    const { user, dataProvider } = renderScreen(<ExistingArticle />);
    await screen.findByRole('heading', { name: 'Images (3)' });
    expect(within(tile(1)).getByText('Image principale', { selector: '.MuiChip-label' })).toBeTruthy();

    // Image 3 dragged onto image 1: 3, 1, 2.
    const dataTransfer = { types: [] as string[], data: {} as Record<string, string>, effectAllowed: '', dropEffect: '' };
    Object.assign(dataTransfer, {
      setData(type: string, value: string) {
        dataTransfer.types.push(type);
        dataTransfer.data[type] = value;
      },
      getData: (type: string) => dataTransfer.data[type] ?? '',
    });
    act(() => void fireEvent.dragStart(screen.getByTestId('image-drag-3'), { dataTransfer }));
    expect(dataTransfer.types).toEqual([IMAGE_DRAG_TYPE]);
    fireEvent.dragOver(tile(1).closest('li')!, { dataTransfer });
    fireEvent.drop(tile(1).closest('li')!, { dataTransfer });
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([3, 1, 2].map((n) => `https://img.test/${n}.webp`));

    await fill(user, within(tile(2)).getByLabelText('Légende'), 'Au port');
    await user.click(within(tile(3)).getByRole('radio', { name: 'Image principale' }));
    const listsBefore = stored.lists;
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(dataProvider.update).toHaveBeenCalledTimes(1));
    const [, params] = dataProvider.update.mock.calls[0] as unknown as [
      string,
      { data: Record<string, unknown>; meta: { images: unknown[] }; previousData: Record<string, unknown> },
    ];
    expect(params.data).toMatchObject({ image_url: 'https://img.test/2.webp' });
    expect(params.previousData.image_url).toBeUndefined();
    expect(params.meta.images).toEqual([
      { id: 'r3', image_url: 'https://img.test/3.webp', alt_text: 'Image numéro 3', caption: null, credit: null, position: 0 },
      { id: 'r1', image_url: 'https://img.test/1.webp', alt_text: 'Image numéro 1', caption: 'Au port', credit: null, position: 1 },
      { id: 'r2', image_url: 'https://img.test/2.webp', alt_text: 'Image numéro 2', caption: null, credit: null, position: 2 },
    ]);
    // Then the panel reads its rows back.
    await waitFor(() => expect(stored.lists).toBeGreaterThan(listsBefore));
  });

  it('sends no image rows and leaves image_url alone when nothing about the images changed', async () => {
    const { user, dataProvider } = renderScreen(<ExistingArticle />);
    await screen.findByRole('heading', { name: 'Images (3)' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalledTimes(1));
    const [, params] = dataProvider.update.mock.calls[0] as unknown as [string, { data: object; meta: { images: unknown[] } }];
    expect(params.meta.images).toEqual([]);
    expect(params.data).not.toHaveProperty('image_url');
  });
});
