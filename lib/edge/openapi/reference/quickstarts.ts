// The quickstarts at the top of /docs: each step in prose, with the same call in curl and in
// TypeScript. A quickstart's TypeScript steps, in order, make one program, so each step may use
// what an earlier one defined: tests/openapi/doc-snippets.test.ts joins them, type-checks them and
// runs them against the app. `baseUrl` is this server's public origin.

type QuickstartStep = {
  id: string;
  title: string;
  /** Paragraphs; `code` in backticks is shown as code. */
  text: string[];
  curl: string;
  typescript: string;
};

export type Quickstart = { id: string; title: string; intro: string; steps: QuickstartStep[] };

export function ageVerificationQuickstart(baseUrl: string): Quickstart {
  return {
    id: "age-verification-quickstart",
    title: "Quickstart: Age Verification",
    intro:
      "Create a session, send your user to its hosted page, and learn the outcome from a signed webhook. " +
      "Use a test key (`sk_test_...`, from the dashboard's API keys): test sessions never reach a real check, " +
      "and the test helpers finish them without a browser.",
    steps: [
      {
        id: "create-session",
        title: "1. Create a session",
        text: [
          "Ask for the age your rule needs (16 or 18) and where the user comes back to. `metadata` is yours " +
            "(your order id, say) and comes back in every answer and webhook. An `Idempotency-Key` makes a retry " +
            "safe: the same key replays the first answer instead of creating a second session.",
        ],
        curl: `export VOICEAGE_KEY=sk_test_...   # dashboard → API keys

curl -s ${baseUrl}/v1/verification-sessions \\
  -H "Authorization: Bearer $VOICEAGE_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-1001" \\
  -d '{"required_age":18,"return_url":"https://shop.example/checkout/done","metadata":{"order":"1001"}}'
# → {"id":"vs_...","url":"${baseUrl}/verify/...","status":"created",...}`,
        typescript: `const BASE_URL = "${baseUrl}";
const KEY = process.env.VOICEAGE_KEY ?? ""; // sk_test_... from the dashboard's API keys

type Session = { id: string; url?: string; status: string; outcome?: { result: string; method: string } };

/** One /v1 call: JSON in, JSON out, and the error's code in the exception. */
async function v1<T>(method: string, path: string, body?: object, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(\`\${BASE_URL}\${path}\`, {
    method,
    headers: {
      Authorization: \`Bearer \${KEY}\`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = response.status === 204 ? {} : await response.json();
  if (!response.ok) throw new Error(\`\${response.status} \${answer.error.code}: \${answer.error.message ?? ""}\`);
  return answer as T;
}

const session = await v1<Session>(
  "POST",
  "/v1/verification-sessions",
  { required_age: 18, return_url: "https://shop.example/checkout/done", metadata: { order: "1001" } },
  { "Idempotency-Key": "order-1001" },
);
console.log(session.id, session.url);`,
      },
      {
        id: "send-user",
        title: "2. Send the user to its url, then read the outcome",
        text: [
          "Redirect the user's browser to the session's `url` (it works once, and only until `expires_at`). " +
            "When they are done, the browser comes back to `return_url?session_id=vs_...`. The redirect is not " +
            "proof: read the session and act only on `status` `passed`.",
          "With a test key, the hosted page offers Simulate pass, inconclusive and fail buttons, and the test " +
            "helper below finishes a session without a browser.",
        ],
        curl: `# Test keys only: finish the session as if the user had passed
curl -s -X POST ${baseUrl}/v1/test_helpers/verification-sessions/vs_.../complete \\
  -H "Authorization: Bearer $VOICEAGE_KEY" -H "Content-Type: application/json" \\
  -d '{"result":"pass"}'

# When the user is back (or a webhook arrived): the session is the truth
curl -s ${baseUrl}/v1/verification-sessions/vs_... -H "Authorization: Bearer $VOICEAGE_KEY"
# → {"id":"vs_...","status":"passed","outcome":{"method":"...","result":"pass",...},...}`,
        typescript: `// In your web app: send the browser to session.url, e.g. return Response.redirect(session.url, 303).
// Test keys only: finish the session as if the user had passed.
await v1<Session>("POST", \`/v1/test_helpers/verification-sessions/\${session.id}/complete\`, { result: "pass" });

// When the browser comes back with ?session_id=vs_... (or a webhook arrived): the session is the truth.
const checked = await v1<Session>("GET", \`/v1/verification-sessions/\${session.id}\`);
if (checked.status === "passed") console.log("old enough: let the order through");`,
      },
      {
        id: "receive-webhook",
        title: "3. Receive its webhook, and verify it",
        text: [
          "Register an https endpoint once. Its `whsec_` secret is in this answer only: keep it with your other " +
            "secrets. An endpoint receives only the events of sessions of its own mode: one registered with a test " +
            "key gets test events, one registered with a live key live events.",
          "Each delivery is a POST with a `Service-Signature` header. Check it against the raw body before you " +
            "parse it, with the code under Verify a webhook signature below; answer any 2xx within 10 seconds, " +
            "and de-duplicate by the event's `id` (a retry carries the same one).",
        ],
        curl: `curl -s ${baseUrl}/v1/webhook-endpoints \\
  -H "Authorization: Bearer $VOICEAGE_KEY" -H "Content-Type: application/json" \\
  -d '{"url":"https://shop.example/webhooks/age","events":["verification_session.completed","verification_session.expired"]}'
# → {"id":"whe_...","mode":"test","secret":"whsec_...",...}   the secret is shown only here`,
        typescript: `const endpoint = await v1<{ id: string; mode: string; secret: string }>("POST", "/v1/webhook-endpoints", {
  url: "https://shop.example/webhooks/age",
  events: ["verification_session.completed", "verification_session.expired"],
});
// Shown only here: store it (e.g. as AGE_WEBHOOK_SECRET) for verifyAgeWebhook below.
console.log(endpoint.id, endpoint.mode, endpoint.secret);`,
      },
    ],
  };
}

export function voiceQuickstart(baseUrl: string): Quickstart {
  return {
    id: "voice-quickstart",
    title: "Quickstart: Voice prompts",
    intro:
      "Pick a voice, turn a line of your phone menu into a file your phone system plays as it is, then make a " +
      "whole menu at once. Any key of your organisation works, in the `x-api-key` header.",
    steps: [
      {
        id: "list-voices",
        title: "1. List the voices",
        text: [
          "Every voice of the connected provider account, with a `preview_url` you can play. The list is cached " +
            "for an hour; `GET /formats` lists the 24 output formats, telephony first.",
        ],
        curl: `export VOICEAGE_KEY=sk_test_...   # any key of your organisation

curl -s ${baseUrl}/voices -H "x-api-key: $VOICEAGE_KEY"
# → {"voices":[{"id":"fliteRms","name":"Rms (Flite)","language":"en",...}],"count":...}`,
        typescript: `const BASE_URL = "${baseUrl}";
const KEY = process.env.VOICEAGE_KEY ?? ""; // any key of your organisation

/** One Voice API call: JSON in, JSON out, and the error's code in the exception. */
async function voiceApi<T>(method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(\`\${BASE_URL}\${path}\`, {
    method,
    headers: body === undefined ? { "x-api-key": KEY } : { "x-api-key": KEY, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(\`\${response.status} \${answer.error.code}: \${answer.error.message}\`);
  return answer as T;
}

const { voices } = await voiceApi<{ voices: { id: string; name: string; language: string }[] }>("GET", "/voices");
for (const voice of voices) console.log(voice.id, voice.name, voice.language);`,
      },
      {
        id: "make-prompt",
        title: "2. Make a prompt",
        text: [
          "Send the text, a voice and the format your phone system plays (`ulaw_8000` is G.711 μ-law for " +
            "Asterisk and most PBXs). The answer's `audio_url` is a signed link, valid an hour: download it as " +
            "it is. The same request again answers at once with `cached: true`.",
        ],
        curl: `curl -s ${baseUrl}/tts -H "x-api-key: $VOICEAGE_KEY" -H "Content-Type: application/json" \\
  -d '{"text":"Thank you for calling. For sales, press 1.","voice_id":"fliteRms","output_format":"ulaw_8000"}'
# → {"audio_url":"${baseUrl}/files?key=...&signature=...","file_extension":".ulaw","cached":false,...}

curl -s -o welcome.ulaw "<the audio_url>"`,
        typescript: `import { writeFile } from "node:fs/promises";

type TtsResult = { audio_url: string; file_extension: string; cached: boolean; sha256: string };

const prompt = await voiceApi<TtsResult>("POST", "/tts", {
  text: "Thank you for calling. For sales, press 1.",
  voice_id: "fliteRms",
  output_format: "ulaw_8000",
});
const audio = await fetch(prompt.audio_url); // signed: no key needed, valid an hour
await writeFile(\`welcome\${prompt.file_extension}\`, Buffer.from(await audio.arrayBuffer()));`,
      },
      {
        id: "make-prompt-set",
        title: "3. Make a prompt set and download it",
        text: [
          "A whole menu as one unit: one voice and format for every prompt, generated in the background through " +
            "the same cache, and downloaded as one zip laid out for Asterisk, FreeSWITCH or flat, with a manifest.",
        ],
        curl: `SET=$(curl -s ${baseUrl}/prompt-sets -H "x-api-key: $VOICEAGE_KEY" -H "Content-Type: application/json" \\
  -d '{"name":"Main menu","voice_id":"fliteRms","output_format":"ulaw_8000","prompts":[
       {"name":"welcome","text":"Thank you for calling Acme."},
       {"name":"main-menu","text":"For sales, press 1. For support, press 2."}]}' \\
  | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')

curl -s -X POST ${baseUrl}/prompt-sets/$SET/generate -H "x-api-key: $VOICEAGE_KEY"   # 202
curl -s ${baseUrl}/prompt-sets/$SET/status -H "x-api-key: $VOICEAGE_KEY"             # until "completed"
curl -s -o menu.zip "${baseUrl}/prompt-sets/$SET/archive?layout=asterisk" -H "x-api-key: $VOICEAGE_KEY"
# menu.zip: en/custom/welcome.ulaw, en/custom/main-menu.ulaw, prompts.csv`,
        typescript: `const set = await voiceApi<{ id: string }>("POST", "/prompt-sets", {
  name: "Main menu",
  voice_id: "fliteRms",
  output_format: "ulaw_8000",
  prompts: [
    { name: "welcome", text: "Thank you for calling Acme." },
    { name: "main-menu", text: "For sales, press 1. For support, press 2." },
  ],
});
await voiceApi("POST", \`/prompt-sets/\${set.id}/generate\`); // 202: generation runs in the background

type SetStatus = { generation: { state: "idle" | "running" | "completed" | "failed" } };
let status = await voiceApi<SetStatus>("GET", \`/prompt-sets/\${set.id}/status\`);
while (status.generation.state === "running") {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  status = await voiceApi<SetStatus>("GET", \`/prompt-sets/\${set.id}/status\`);
}
if (status.generation.state !== "completed") throw new Error("some prompts failed: see the status's prompts");

const zip = await fetch(\`\${BASE_URL}/prompt-sets/\${set.id}/archive?layout=asterisk\`, { headers: { "x-api-key": KEY } });
await writeFile("menu.zip", Buffer.from(await zip.arrayBuffer()));`,
      },
    ],
  };
}
