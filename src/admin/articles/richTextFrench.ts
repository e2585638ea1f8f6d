/** French labels for ra-input-rich-text's toolbar (ra-language-french has none). */
export const TIPTAP_FRENCH: Record<string, string> = {
  'ra.tiptap.bold': 'Gras',
  'ra.tiptap.italic': 'Italique',
  'ra.tiptap.underline': 'Souligné',
  'ra.tiptap.strike': 'Barré',
  'ra.tiptap.code': 'Code',
  'ra.tiptap.list_bulleted': 'Liste à puces',
  'ra.tiptap.list_numbered': 'Liste numérotée',
  'ra.tiptap.link': 'Lien',
  'ra.tiptap.blockquote': 'Citation',
  'ra.tiptap.clear_format': 'Effacer la mise en forme',
  'ra.tiptap.image': 'Image',
  'ra.tiptap.image_dialog': "Adresse de l'image",
  'ra.tiptap.paragraph': 'Paragraphe',
  'ra.tiptap.heading2': 'Intertitre',
  'ra.tiptap.heading3': 'Sous-intertitre',
};
