/** Reserves the grid's space while cards load, so nothing jumps when they arrive. */
export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton" style={{ aspectRatio: '4 / 5' }} />
      ))}
    </div>
  );
}
