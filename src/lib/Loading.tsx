/** The spec's loading text, shared by both sides while data or a chunk arrives. */
export function Loading() {
  return (
    <p role="status" aria-live="polite" style={{ padding: '2rem', textAlign: 'center' }}>
      Chargement...
    </p>
  );
}
