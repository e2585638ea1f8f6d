/** The editor's and the list filter's statuses, in the order a story goes through them. */
export const STATUS_CHOICES = [
  { id: 'draft', name: 'Brouillon' },
  { id: 'scheduled', name: 'Programmé' },
  { id: 'published', name: 'Publié' },
];
