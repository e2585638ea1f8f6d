/** What a device follows: « À la une », categories, countries and topics (tags; by id). */
export interface Follows {
  front: boolean;
  categories: string[];
  /** Absent in what was stored before countries and topics could be followed. */
  tags?: string[];
}

/** The choices ticked in the panel (its checkboxes: front, category, tag); null when nothing is. */
export function chosenFollows(checked: { name: string; value: string }[]): Follows | null {
  const chosen = {
    front: checked.some((c) => c.name === 'front'),
    categories: checked.filter((c) => c.name === 'category').map((c) => c.value),
    tags: checked.filter((c) => c.name === 'tag').map((c) => c.value),
  };
  return chosen.front || chosen.categories.length || chosen.tags.length ? chosen : null;
}

export const ALERT_MESSAGES = {
  unsupported: 'Ce navigateur ne reçoit pas les notifications des sites : essayez avec Chrome, Firefox, Edge ou Safari à jour.',
  ios: 'Sur iPhone et iPad, ajoutez d’abord le site à l’écran d’accueil (bouton Partager, puis « Sur l’écran d’accueil ») et ouvrez-le depuis son icône : les alertes s’activent là (iOS 16.4 ou plus récent).',
  off: 'Les alertes ne sont pas disponibles pour le moment.',
  denied: 'Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur, puis réessayez.',
  nothing: 'Choisissez au moins une rubrique, un pays ou un sujet.',
  saved: 'C’est fait : cet appareil recevra les alertes choisies.',
  stopped: 'Alertes arrêtées sur cet appareil.',
  rateLimited: 'Trop de tentatives : réessayez dans quelques minutes.',
  failed: 'L’enregistrement a échoué. Réessayez dans un instant.',
} as const;

/**
 * Whether this browser can take alerts: 'ios' for an iPhone or iPad outside the home-screen app
 * (Safari there has push only for sites added to the home screen, iOS 16.4+).
 */
export function pushSupport(browser: {
  worker: boolean;
  push: boolean;
  userAgent: string;
  standalone: boolean;
}): 'ok' | 'ios' | 'unsupported' {
  const ios = /iPhone|iPad|iPod/.test(browser.userAgent);
  if (ios && !browser.standalone) return 'ios';
  return browser.worker && browser.push ? 'ok' : 'unsupported';
}
