/** What an admin reads when an image cannot be taken: each message names the file. */
export const UNSUPPORTED_IMAGE = "Format d'image non pris en charge : enregistrez-la en JPEG ou PNG";

export const unsupportedImage = (name: string) => `${UNSUPPORTED_IMAGE} (« ${name} »).`;
export const notAnImage = (name: string) =>
  `« ${name} » n'est pas une image : son contenu ne correspond à aucun format d'image, malgré son nom. Il n'a pas été envoyé.`;
export const damagedImage = (name: string) =>
  `Image illisible, fichier tronqué ou endommagé : « ${name} ». Réenregistrez-la ou choisissez-en une autre.`;
export const tooLargeImage = (name: string) => `Image trop lourde même recompressée (plus de 5 Mo) : « ${name} ».`;
export const preparationFailed = (name: string) => `Préparation de l'image « ${name} » impossible dans ce navigateur.`;
/** `reason`: the French sentence for the storage's refusal (frenchErrors.ts), saying what to do. */
export const storingFailed = (name: string, reason: string) => `Échec de l'upload de « ${name} ». ${reason}`;
/** Said with the success: animations are reduced to their first frame (see renderImage.ts). */
export const firstFrameKept = (names: string[]) =>
  `Image animée : seule la première image est conservée (${names.map((n) => `« ${n} »`).join(', ')}).`;
