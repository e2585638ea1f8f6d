import { AlertsButton } from './AlertsButton';
import type { MyAlertDevice } from './myDevices';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });

/** What a device follows, in words: « À la une, Politique, Sport, Sénégal ». */
export const followsText = (device: MyAlertDevice) =>
  [...(device.followsFront ? ['À la une'] : []), ...device.categories, ...(device.tags ?? [])].join(', ');

/**
 * A signed-in reader's alert devices: what each follows and since when. This device's choices are
 * changed in the « Recevoir les alertes » panel (its own subscription, held by this browser); any
 * device's alerts can be stopped here.
 */
export function AlertDeviceList({ devices, onStop }: { devices: MyAlertDevice[]; onStop: (device: MyAlertDevice) => void }) {
  if (!devices.length)
    return (
      <div className="empty">
        <p>Aucun de vos appareils ne reçoit d’alertes.</p>
        <AlertsButton />
      </div>
    );
  return (
    <ul className="my-alerts__list">
      {devices.map((device) => (
        <li key={device.id} className="my-alerts__device">
          <p>
            <strong>{device.thisDevice ? 'Cet appareil' : 'Un autre appareil'}</strong>
            {' · '}depuis le {dateFormat.format(new Date(device.createdAt))}
          </p>
          <p>Rubriques suivies : {followsText({ ...device, tags: [] })}</p>
          {device.tags?.length ? <p>Pays et sujets suivis : {device.tags.join(', ')}</p> : null}
          <div className="my-alerts__actions">
            {device.thisDevice && <AlertsButton />}
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={`Arrêter les alertes sur ${device.thisDevice ? 'cet appareil' : 'cet autre appareil'} (${followsText(device)})`}
              onClick={() => onStop(device)}
            >
              Arrêter les alertes
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
