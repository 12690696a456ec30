// The interactive API reference ("Try it out" sends requests to this same origin).
// A Map: a name from the URL never reaches Object.prototype (`/docs/constructor`).
const TITLES = new Map([
  ["verification", "Age Verification API reference"],
  ["voice", "Voice Prompt API reference"],
]);

export async function GET(request: Request, { params }: { params: Promise<{ api: string }> }) {
  const { api } = await params;
  const title = TITLES.get(api);
  if (!title) return new Response("Not found", { status: 404 });
  // The page's scripts run under the Content-Security-Policy's nonce for this response (proxy.ts).
  const nonce = request.headers.get("x-nonce") ?? "";
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title} · Voiceage</title>
  <link rel="icon" href="/icon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <style>
    body { margin: 0; font-family: ui-sans-serif, system-ui, sans-serif; }
    .top { display: flex; gap: 1rem; align-items: center; padding: .75rem 1.25rem; background: #0f172a; color: #fff; }
    .top a { color: #bae6fd; }
    /* Swagger UI puts a tag's description beside its name; on a phone that squeezes it to one
       letter per line, so it goes on its own line below the name. */
    @media (max-width: 640px) {
      .swagger-ui .opblock-tag { flex-wrap: wrap; }
      .swagger-ui .opblock-tag small { flex: 1 0 100%; order: 3; padding: 0 0 .5rem; }
      .swagger-ui .info .title { font-size: 28px; }
    }
  </style>
</head>
<body>
  <nav class="top" aria-label="Documentation">
    <a href="/">Voiceage</a><a href="/docs">Quickstarts and guides</a><a href="/openapi/${api}.json">OpenAPI document (JSON)</a>
  </nav>
  <main id="reference"></main>
  <script nonce="${nonce}" src="/docs/assets/swagger-ui-bundle.js"></script>
  <script nonce="${nonce}">
    window.ui = SwaggerUIBundle({ url: "/openapi/${api}.json", dom_id: "#reference", deepLinking: true, tryItOutEnabled: false });
  </script>
</body>
</html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
