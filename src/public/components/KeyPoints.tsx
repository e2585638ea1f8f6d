/** The article's « Points clés »: what a reader in a hurry takes away, above the text. */
export function KeyPoints({ points }: { points: readonly string[] }) {
  if (!points.length) return null;
  return (
    <section className="key-points" aria-labelledby="key-points-title">
      <h2 id="key-points-title" className="key-points__title">
        Points clés
      </h2>
      <ul>
        {points.map((point, i) => (
          <li key={i}>{point}</li>
        ))}
      </ul>
    </section>
  );
}
