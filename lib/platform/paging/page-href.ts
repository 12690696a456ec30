/**
 * A dashboard page's address with these query parameters: absent and empty ones left out, a
 * list as the parameter repeated. What the page's query schema (lib/edge/dashboard/schemas.ts) reads
 * back.
 */
export function pageHref(path: string, query: Record<string, string | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of typeof value === "string" ? [value] : (value ?? [])) if (one) params.append(name, one);
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
