/** An answer (200 unless told) whose body is JSON text already (Response.json would encode it a second time). */
export function jsonTextResponse(json: string, status = 200): Response {
  return new Response(json, { status, headers: { "Content-Type": "application/json" } });
}
