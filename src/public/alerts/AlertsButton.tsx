/** A country or topic the button follows (a tag's page: /pays/{slug}, /sujet/{slug}). */
export interface FollowedTag {
  id: string;
  name: string;
  kind: string;
}

/**
 * « Recevoir les alertes »: a plain button, rendered by the server, and no code in the reader's first
 * load: a click on it (any `[data-push-alerts]`, see trigger.ts) is heard once the page has loaded,
 * and the panel (choices, permission, subscription) loads then. Nothing asks the reader anything
 * until they press it. On a tag's page it says « Suivre ce pays » / « Suivre ce sujet » and the
 * panel opens with that tag ticked (data-follow-tag, data-follow-name).
 */
export function AlertsButton({ tag }: { tag?: FollowedTag } = {}) {
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      data-push-alerts=""
      data-follow-tag={tag?.id}
      data-follow-name={tag?.name}
    >
      {tag ? `Suivre ce ${tag.kind === 'pays' ? 'pays' : 'sujet'}` : 'Recevoir les alertes'}
    </button>
  );
}
