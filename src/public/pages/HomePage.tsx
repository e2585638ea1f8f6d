export function HomePage() {
  return (
    <section className="hero">
      <h1>L'actualité africaine autrement</h1>
      <p>Des regards africains sur l'Afrique et le monde : politique, économie, culture, sport et réussites du continent.</p>
    </section>
  );
}
