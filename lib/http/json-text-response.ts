/** A 200 answer whose body is JSON text already (Response.json would encode it a second time). */
export function jsonTextResponse(json: string): Response {
  return new Response(json, { headers: { "Content-Type": "application/json" } });
}
