/**
 * @module The order Java's HashMap and HashSet iterate strings in, for the ES messages that print one
 * (`component templates [b, a] cannot be removed…`): by bucket of the spread String.hashCode, then insertion order.
 */

function stringHash(value: string): number {
  let hash = 0;
  for (let i = 0; i < value.length; i++) hash = (Math.imul(hash, 31) + value.charCodeAt(i)) | 0;
  return hash;
}

function bucket(value: string, capacity: number): number {
  const hash = stringHash(value);
  return (hash ^ (hash >>> 16)) & (capacity - 1);
}

/**
 * `values` (distinct, in insertion order) as a HashSet or HashMap iterates them: built by adding them one by one, or
 * `presized` (by `putAll` into an empty one, which sizes its table for them up front, as JDK 19 and later do).
 */
export function javaHashOrder(values: readonly string[], options: { readonly presized?: boolean } = {}): string[] {
  let capacity: number;
  if (options.presized) {
    const needed = Math.ceil(values.length / 0.75);
    capacity = 1;
    while (capacity < needed) capacity *= 2;
  } else {
    // A default HashMap starts at 16 buckets and doubles whenever its size passes three quarters of them.
    capacity = 16;
    while (values.length > capacity * 0.75) capacity *= 2;
  }
  return values
    .map((value, position) => ({ value, position, bucket: bucket(value, capacity) }))
    .sort((a, b) => a.bucket - b.bucket || a.position - b.position)
    .map((entry) => entry.value);
}

/** Java's `List.toString`/`Set.toString`: `[a, b]`. */
export function javaList(values: readonly string[]): string {
  return `[${values.join(', ')}]`;
}
