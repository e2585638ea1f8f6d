import type { InboxAddress, InboxMessage, InboxSummary } from './inbox.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f6f6f4; }
  header { background: #1a1a1a; color: #fff; padding: 12px 24px; display: flex; gap: 16px; align-items: baseline; }
  header a { color: #fff; }
  main { max-width: 960px; margin: 0 auto; padding: 16px 24px; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid #e4e4e0; vertical-align: top; }
  td small { color: #666; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; background: #fff; padding: 12px; }
  dt { font-weight: 600; }
  iframe { width: 100%; height: 70vh; border: 1px solid #e4e4e0; background: #fff; }
`;

function page(title: string, body: string, refresh = false): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
${refresh ? '<meta http-equiv="refresh" content="5">' : ''}<style>${STYLE}</style></head>
<body><header><strong>Boîte de réception locale</strong><a href="/">Tous les messages</a>
<span>API : <code>/api/v1/messages</code></span></header><main>${body}</main></body></html>`;
}

const who = (list: InboxAddress[]) => escapeHtml(list.map((a) => (a.Name ? `${a.Name} <${a.Address}>` : a.Address)).join(', '));
const when = (iso: string) => escapeHtml(new Date(iso).toLocaleString('fr-FR'));

/** Every message caught, newest first; the page reloads itself every few seconds. */
export function listPage(messages: InboxSummary[]): string {
  const rows = messages
    .map(
      (m) => `<tr><td>${when(m.Created)}</td><td>${who(m.To)}</td>
<td><a href="/message/${m.ID}">${escapeHtml(m.Subject || '(sans objet)')}</a><br><small>${escapeHtml(m.Snippet)}</small></td></tr>`,
    )
    .join('');
  const body = messages.length
    ? `<table><thead><tr><th>Reçu</th><th>À</th><th>Objet</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>Aucun message pour le moment. Les e-mails envoyés par le service d’authentification locale apparaissent ici.</p>';
  return page(`Boîte de réception (${messages.length})`, body, true);
}

/** One message: its headers, then its HTML in a sandboxed frame. */
export function messagePage(m: InboxMessage): string {
  const from = m.From ? who([m.From]) : '';
  return page(
    m.Subject,
    `<h1>${escapeHtml(m.Subject || '(sans objet)')}</h1>
<dl><dt>De</dt><dd>${from}</dd><dt>À</dt><dd>${who(m.To)}</dd><dt>Date</dt><dd>${when(m.Date)}</dd></dl>
<iframe title="Contenu du message" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/view/${m.ID}.html"></iframe>`,
  );
}
