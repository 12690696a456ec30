// The documents reuse responses, parameters, headers and request bodies by $ref (as Stripe's
// does). The contract checks read operations directly, so they take a copy with those refs
// replaced by what they point to; schema refs stay for Ajv, which resolves them itself.
const INLINED = /^#\/components\/(responses|parameters|headers|requestBodies)\/([^/]+)$/;

export function inlineComponentRefs<T>(document: T): T {
  const components = (document as { components: Record<string, Record<string, unknown>> }).components;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== "object") return node;
    const ref = (node as { $ref?: unknown }).$ref;
    const match = typeof ref === "string" ? INLINED.exec(ref) : null;
    if (match) {
      const target = components[match[1]]?.[match[2]];
      if (!target) throw new Error(`The document refers to ${ref}, which it does not have`);
      return walk(target);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  return walk(document) as T;
}
