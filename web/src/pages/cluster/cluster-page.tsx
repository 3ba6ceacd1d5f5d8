/** Cluster: disk against the watermarks, breaker limits, and the clock. */
export function ClusterPage() {
  return (
    <section>
      <h1>Cluster</h1>
    </section>
  );
}
