/**
 * A page's or a block's data failed to load: what went wrong, and a button to try again.
 * `heading`: the message is the page's title (a section with an h1, for a whole page);
 * otherwise it is a paragraph in a div (a block inside a page that keeps its own title).
 */
export function LoadFailure({
  message,
  onRetry,
  className,
  heading = false,
}: {
  message: string;
  onRetry: () => void;
  className: string;
  heading?: boolean;
}) {
  const retry = (
    <button type="button" className="button" onClick={onRetry}>
      Réessayer
    </button>
  );
  return heading ? (
    <section className={className} role="alert">
      <h1>{message}</h1>
      {retry}
    </section>
  ) : (
    <div className={className} role="alert">
      <p>{message}</p>
      {retry}
    </div>
  );
}
