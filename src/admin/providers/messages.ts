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
    },
    profiles: {
      name: 'Utilisateur |||| Utilisateurs',
      fields: { full_name: 'Nom', created_at: "Date d'inscription", bio: 'Bio', role: 'Rôle' },
    },
  },
  newsroom: {
    back_to_dashboard: 'Retour au tableau de bord',
    view_site: 'Voir le site',
    menu: { dashboard: 'Tableau de bord', analytics: 'Statistiques' },
  },
};
