import { SCREENSHOT_MAX_BYTES, SCREENSHOT_SENT_MAX_BYTES, SCREENSHOT_TYPES } from '../api/rumour';

/**
 * A chosen screenshot as the form sends it: refused over 1 MB or of another type (null); one over
 * what the API takes once encoded is redrawn as a smaller JPEG first (half the size each step).
 */
export async function screenshotToSend(file: File): Promise<{ base64: string; type: string } | null> {
  if (!SCREENSHOT_TYPES.includes(file.type) || file.size > SCREENSHOT_MAX_BYTES) return null;
  let blob: Blob = file;
  if (blob.size > SCREENSHOT_SENT_MAX_BYTES) {
    const bitmap = await createImageBitmap(file);
    for (let scale = 0.8; blob.size > SCREENSHOT_SENT_MAX_BYTES && scale > 0.1; scale /= 1.5) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      blob = await new Promise<Blob>((done, fail) => canvas.toBlob((b) => (b ? done(b) : fail(new Error('toBlob'))), 'image/jpeg', 0.8));
    }
  }
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary), type: blob.type || file.type };
}
