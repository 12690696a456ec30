// Runs in the browser before the app hydrates (Next.js's client instrumentation hook).
import { z } from "zod";

// zod compiles object parsers with `new Function` when it may; under our CSP (no 'unsafe-eval')
// its probe for that is reported as a violation even though zod catches it. Parse without it in
// the browser; the server keeps the faster compiled parsers.
z.config({ jitless: true });
