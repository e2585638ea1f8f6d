import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImageSignature } from './imageSignature';

const solid = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#2b6a8a' } });
const fileOf = (bytes: BlobPart, name: string, type: string) => new File([bytes], name, { type });

describe('checkImageSignature', () => {
  it('lets through real images whatever common type they declare', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
      const bytes = new Uint8Array(await solid()[format]().toBuffer());
      await expect(checkImageSignature(fileOf(bytes, `photo.${format}`, type)), format).resolves.toBeUndefined();
    }
    // A PNG named .jpg is still an image: renderImage reads its real format.
    const png = new Uint8Array(await solid().png().toBuffer());
    await expect(checkImageSignature(fileOf(png, 'photo.jpg', 'image/jpeg'))).resolves.toBeUndefined();
  });

  it('refuses text or a web page declared as an image, naming the file', async () => {
    await expect(checkImageSignature(fileOf('Ceci est un texte, pas une image.', 'notes.png', 'image/png'))).rejects.toThrow(
      "« notes.png » n'est pas une image : son contenu ne correspond à aucun format d'image, malgré son nom. Il n'a pas été envoyé.",
    );
    await expect(checkImageSignature(fileOf('<!doctype html><p>x</p>', 'une.jpg', 'image/jpeg'))).rejects.toThrow('« une.jpg »');
    await expect(checkImageSignature(fileOf('', 'vide.webp', 'image/webp'))).rejects.toThrow('« vide.webp »');
  });

  it('leaves other declared types to the preparation, which names their format', async () => {
    await expect(
      checkImageSignature(fileOf('<svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.svg', 'image/svg+xml')),
    ).resolves.toBeUndefined();
    await expect(checkImageSignature(fileOf('pas un HEIC', 'x.heic', 'image/heic'))).resolves.toBeUndefined();
  });
});
