/**
 * What the send dialog says of an alert's audience (push_audience_count): a warning at 0 devices,
 * since the alert would reach nobody and still be the article's one alert (push_send_alert refuses
 * a second), else how many devices it reaches.
 */
export function audienceNotice(devices: number | null): { warn: boolean; text: string } {
  if (devices === null) return { warn: false, text: 'Calcul des appareils…' };
  if (devices === 0)
    return {
      warn: true,
      text: 'Aucun appareil ne recevra cette alerte : personne ne suit « À la une » ni la rubrique de l’article. Envoyée, elle compte quand même comme l’alerte de cet article.',
    };
  return { warn: false, text: devices === 1 ? '1 appareil recevra cette alerte.' : `${devices} appareils recevront cette alerte.` };
}
