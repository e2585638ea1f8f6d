// `npm run push:keys`: a new VAPID key pair for the site's push alerts (docs/push.md). The public key
// goes to the server as VAPID_PUBLIC_KEY (browsers subscribe with it), the private one is the
// server's secret VAPID_PRIVATE_KEY. Changing the pair later orphans every subscribed device.
import webpush from 'web-push';

const { publicKey, privateKey } = webpush.generateVAPIDKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}`);
console.error(
  'Gardez VAPID_PRIVATE_KEY secrète (une variable du serveur, jamais VITE_) ; réglez aussi VAPID_SUBJECT=mailto:…. Voir docs/push.md.',
);
