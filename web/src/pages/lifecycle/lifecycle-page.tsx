/** Index lifecycle: indices with where they stand, and the policies. */
export function LifecyclePage({ route }: { route: string[] }) {
  return (
    <section>
      <h1>Index lifecycle</h1>
      <p>{route.join('/')}</p>
    </section>
  );
}
