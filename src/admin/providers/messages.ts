/**
 * The newsroom's own French labels, merged over ra-language-french: the one place an admin label is
 * written. Inputs and columns with a `source` take `resources.<resource>.fields.<source>` on their
 * own; the others name their key as `label` (react-admin translates a label string as a key).
 */
export const newsroomMessages = {
  newsroom: {
    // A column shared by the lists, with no source of its own.
    actions: 'Actions',
    // The article list's publication (or scheduled) moment: shorter than the field's own label.
    publication: 'Publication',
  },
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
        published_at: 'Date et heure de publication',
        author_id: 'Auteur',
        status_note: 'Remarque (facultatif)',
      },
      // react-admin's own notifications for this resource (its stock create, edit and delete paths).
      notifications: {
        created: 'Article créé avec succès',
        updated: 'Article mis à jour avec succès',
        deleted: 'Article supprimé',
      },
    },
    notices: {
      name: 'À traiter |||| À traiter',
      notifications: { updated: 'Notification lue |||| %{smart_count} notifications lues' },
    },
    categories: {
      name: 'Rubrique |||| Rubriques',
      fields: {
        name: 'Nom',
        slug: 'Slug (adresse)',
        menu_position: 'Place dans le menu',
        hidden_from_editor: "Masquée dans l'éditeur",
        articles: 'Articles',
      },
      notifications: { created: 'Rubrique ajoutée', updated: 'Rubrique mise à jour', deleted: 'Rubrique supprimée' },
    },
    tags: {
      name: 'Étiquette |||| Étiquettes',
      fields: {
        kind: 'Type',
        name: 'Nom',
        slug: 'Adresse',
        description: 'Description',
        picture_url: 'Image (adresse)',
        hidden: 'Masquée',
        article_tags: 'Articles',
      },
      notifications: { created: 'Étiquette ajoutée', updated: 'Étiquette mise à jour', deleted: 'Étiquette supprimée' },
    },
    accounts: {
      name: 'Utilisateur |||| Utilisateurs',
      fields: { full_name: 'Nom', email: 'E-mail', roles: 'Rôles', created_at: "Date d'inscription", bio: 'Bio' },
    },
    rumour_reports: {
      name: 'Rumeur signalée |||| Rumeurs signalées',
      fields: { status: 'Statut', body: 'Rumeur', link: 'Lien', created_at: 'Reçue le', fact_check_id: 'Vrai ou faux' },
    },
    contact_messages: {
      name: 'Message |||| Messages',
      fields: { handled: 'Statut', name: 'Nom', email: 'E-mail', message: 'Message', created_at: 'Reçu le' },
      notifications: { deleted: 'Message supprimé |||| %{smart_count} messages supprimés' },
    },
    newsletter_subscribers: {
      name: 'Abonné |||| Abonnés',
      fields: { email: 'E-mail', status: 'Statut', consented_at: 'Consentement', created_at: 'Inscrit le' },
      notifications: { deleted: 'Abonné supprimé |||| %{smart_count} abonnés supprimés' },
    },
  },
  ra: {
    // The buttons of ra-input-rich-text's toolbar the editor shows: ra-language-french has no labels for them.
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
      paragraph: 'Paragraphe',
      heading2: 'Intertitre',
      heading3: 'Sous-intertitre',
    },
  },
};
