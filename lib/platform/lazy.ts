/**
 * A value built on first use and kept for the life of the process (a client, a driver chosen by
 * configuration). Built lazily so importing a module never reads configuration or connects.
 */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
