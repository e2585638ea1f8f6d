/** The newsroom's own French labels, merged over ra-language-french. */
export const newsroomMessages = {
  resources: {
    articles: {
      name: 'Article |||| Articles',
      fields: {
        title: 'Titre',
        slug: 'Slug (URL)',
        category_id: 'Catégorie',
        excerpt: 'Extrait',
        content: "Contenu de l'article",
        status: 'Statut',
        created_at: 'Date de création',
        published_at: 'Date de publication',
        view_count: 'Vues',
      },
      // react-admin's own notifications for this resource (its stock create, edit and delete paths).
      notifications: {
        created: 'Article créé avec succès',
        updated: 'Article mis à jour avec succès',
        deleted: 'Article supprimé',
      },
    },
    profiles: {
      name: 'Utilisateur |||| Utilisateurs',
      fields: { full_name: 'Nom', created_at: "Date d'inscription", bio: 'Bio', role: 'Rôle' },
    },
  },
  ra: {
    // ra-input-rich-text's toolbar: ra-language-french has no labels for it.
    tiptap: {
      bold: 'Gras',
      italic: 'Italique',
      underline: 'Souligné',
      strike: 'Barré',
      code: 'Code',
      list_bulleted: 'Liste à puces',
      list_numbered: 'Liste numérotée',
      link: 'Lien',
      blockquote: 'Citation',
      clear_format: 'Effacer la mise en forme',
      image: 'Image',
      image_dialog: "Adresse de l'image",
      paragraph: 'Paragraphe',
      heading2: 'Intertitre',
      heading3: 'Sous-intertitre',
    },
  },
};
