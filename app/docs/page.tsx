import Link from "next/link";
import { CodeBlock, Prose } from "@/components/docs/code-block";
import { QuickstartSteps } from "@/components/docs/quickstart-steps";
import { SkipLink } from "@/components/ui/skip-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { env } from "@/lib/platform/env";
import { verificationErrorRows, voiceErrorRows, type ErrorRow } from "@/lib/edge/openapi/reference/error-tables";
import { ageVerificationQuickstart, voiceQuickstart } from "@/lib/edge/openapi/reference/quickstarts";
import { rateLimitRows } from "@/lib/edge/openapi/reference/rate-limits";
import {
  exampleSignedDelivery,
  WEBHOOK_SIGNATURE_SHELL,
  WEBHOOK_SIGNATURE_SNIPPET,
} from "@/lib/edge/openapi/reference/webhook-signature";

export const metadata = { title: "API reference" };

const REFERENCES = [
  {
    href: "/docs/verification",
    document: "/openapi/verification.json",
    title: "Age Verification API",
    summary: "Sessions, webhook endpoints, test helpers and signed webhook events under /v1.",
  },
  {
    href: "/docs/voice",
    document: "/openapi/voice.json",
    title: "Voice Prompt API",
    summary: "Voices, formats, text to speech, prompt sets and downloads.",
  },
];

const CONTENTS = [
  { href: "#age-verification-quickstart", label: "Quickstart: Age Verification" },
  { href: "#webhook-signatures", label: "Verify a webhook signature" },
  { href: "#voice-quickstart", label: "Quickstart: Voice prompts" },
  { href: "#errors", label: "Errors" },
  { href: "#rate-limits", label: "Rate limits" },
  { href: "#reference", label: "Operation reference" },
];

// Tables from 640 px up; below, the same rows as a list of cards (only one of the two is displayed).
const phoneListClass = "mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white sm:hidden";
const wideTableClass = "mt-4 hidden rounded-lg border border-slate-200 bg-white sm:block";
const sectionClass = "scroll-mt-6 border-t border-slate-200 pt-10";
const h2Class = "text-2xl font-semibold tracking-tight text-slate-900";

export default function DocsPage() {
  // This server's own origin, so every command can be pasted as it is.
  const baseUrl = env().APP_URL.replace(/\/$/, "");
  const age = ageVerificationQuickstart(baseUrl);
  const voice = voiceQuickstart(baseUrl);
  const example = exampleSignedDelivery();
  return (
    <>
      <SkipLink target="content" />
      <header className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center gap-x-5 gap-y-1 px-5 py-3 text-sm sm:px-6">
          <Link href="/" className="font-semibold">
            Voiceage
          </Link>
          <span className="text-slate-300">Developer documentation</span>
        </div>
      </header>
      <main id="content" className="mx-auto max-w-4xl px-5 pt-10 pb-20 sm:px-6">
        <h1 className="text-3xl font-semibold tracking-tight">API reference</h1>
        <p className="mt-3 max-w-2xl leading-relaxed text-slate-700">
          Two JSON APIs on this server: hosted <strong>Age Verification</strong> (<code>/v1</code>, Bearer keys, signed
          webhooks) and the <strong>Voice Prompt API</strong> (phone-ready audio, <code>x-api-key</code>). Start with a
          quickstart; every operation, field and answer is in the reference at the end, generated from the OpenAPI 3.1
          documents the server validates with.
        </p>

        <nav aria-labelledby="contents-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="contents-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
            On this page
          </h2>
          <ol className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {CONTENTS.map((entry) => (
              <li key={entry.href}>
                <a className="text-sky-800 underline-offset-2 hover:underline" href={entry.href}>
                  {entry.label}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <section id={age.id} aria-labelledby={`${age.id}-heading`} className={`mt-12 ${sectionClass}`}>
          <h2 id={`${age.id}-heading`} className={h2Class}>
            {age.title}
          </h2>
          <Prose text={age.intro} className="mt-3 max-w-2xl leading-relaxed text-slate-700" />
          <QuickstartSteps quickstart={age} />
        </section>

        <section
          id="webhook-signatures"
          aria-labelledby="webhook-signatures-heading"
          className={`mt-12 ${sectionClass}`}
        >
          <h2 id="webhook-signatures-heading" className={h2Class}>
            Verify a webhook signature
          </h2>
          <Prose
            className="mt-3 max-w-2xl leading-relaxed text-slate-700"
            text={
              "Every delivery carries `Service-Signature: t=<unix seconds>,v1=<hex>`. `v1` is the lowercase hex " +
              "HMAC-SHA256 of the bytes `<t>.<raw body>` (the t value, a literal dot, then the body exactly as it " +
              "arrived), keyed with the endpoint's secret as it was shown, `whsec_` prefix included. Refuse a " +
              "delivery whose signature does not match, or whose t is more than 300 seconds from now, before you " +
              "parse it; compare in constant time."
            }
          />
          <h3 className="mt-6 text-lg font-semibold text-slate-900">The exact bytes, for an example delivery</h3>
          <dl className="mt-3 grid gap-3 text-sm">
            {[
              ["Secret", example.secret],
              ["Service-Signature header", example.header],
              ["Raw body", example.rawBody],
              ["Bytes signed (UTF-8)", example.signedBytes],
            ].map(([term, value]) => (
              <div key={term} className="min-w-0 rounded-md border border-slate-200 bg-white px-4 py-3">
                <dt className="font-medium text-slate-600">{term}</dt>
                <dd className="mt-1 font-mono text-[13px] break-all text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-8 text-lg font-semibold text-slate-900">In TypeScript</h3>
          <Prose text="Standalone (only `node:crypto`): copy it into your receiver and set `AGE_WEBHOOK_SECRET`." />
          <CodeBlock code={WEBHOOK_SIGNATURE_SNIPPET} language="TypeScript" name="the webhook signature check" />
          <h3 className="mt-8 text-lg font-semibold text-slate-900">By hand, in a shell</h3>
          <CodeBlock code={WEBHOOK_SIGNATURE_SHELL} language="shell" name="the shell signature check" />
        </section>

        <section id={voice.id} aria-labelledby={`${voice.id}-heading`} className={`mt-12 ${sectionClass}`}>
          <h2 id={`${voice.id}-heading`} className={h2Class}>
            {voice.title}
          </h2>
          <Prose text={voice.intro} className="mt-3 max-w-2xl leading-relaxed text-slate-700" />
          <QuickstartSteps quickstart={voice} />
        </section>

        <section id="errors" aria-labelledby="errors-heading" className={`mt-12 ${sectionClass}`}>
          <h2 id="errors-heading" className={h2Class}>
            Errors
          </h2>
          <Prose
            className="mt-3 max-w-2xl leading-relaxed text-slate-700"
            text={
              "Branch on `error.code`, which is stable; `message` is for people and may change. Every answer " +
              "carries a `Request-Id`: quote it to support."
            }
          />
          <ErrorTable
            title="Age Verification API"
            envelope='{"error":{"type":"invalid_request_error","code":"parameter_invalid","message":"...","param":"required_age"}}'
            rows={verificationErrorRows()}
            withType
          />
          <ErrorTable
            title="Voice Prompt API"
            envelope='{"error":{"code":"voice_not_found","message":"..."}}'
            rows={voiceErrorRows()}
          />
        </section>

        <section id="rate-limits" aria-labelledby="rate-limits-heading" className={`mt-12 ${sectionClass}`}>
          <h2 id="rate-limits-heading" className={h2Class}>
            Rate limits
          </h2>
          <Prose
            className="mt-3 max-w-2xl leading-relaxed text-slate-700"
            text="The limits this server applies now. A 429 is safe to retry after `Retry-After` seconds."
          />
          {/* A phone gets one card per row: four columns of sentences do not fit 390 px. */}
          <ul aria-label="Rate limits" className={phoneListClass}>
            {rateLimitRows().map((row) => (
              <li key={row.who} className="px-4 py-3 text-sm">
                <p className="font-medium text-slate-900">{row.who}</p>
                <dl className="mt-1 space-y-1 text-slate-700">
                  {[
                    ["Limit", row.limit],
                    ["Counted", row.counted],
                    ["Over the limit", row.over],
                  ].map(([term, value]) => (
                    <div key={term}>
                      <dt className="inline font-medium text-slate-600">{term}: </dt>
                      <dd className="inline">{value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <div className={wideTableClass}>
            <Table label="Rate limits">
              <THead>
                <tr>
                  <Th>Requests</Th>
                  <Th>Limit</Th>
                  <Th>How they are counted</Th>
                  <Th>Over the limit</Th>
                </tr>
              </THead>
              <TBody>
                {rateLimitRows().map((row) => (
                  <Tr key={row.who}>
                    <Td className="min-w-40 font-medium">{row.who}</Td>
                    <Td className="min-w-40">{row.limit}</Td>
                    <Td className="min-w-64">{row.counted}</Td>
                    <Td className="min-w-52">{row.over}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        </section>

        <section id="reference" aria-labelledby="reference-heading" className={`mt-12 ${sectionClass}`}>
          <h2 id="reference-heading" className={h2Class}>
            Operation reference
          </h2>
          <p className="mt-3 max-w-2xl leading-relaxed text-slate-700">
            Every operation with its parameters, bodies, answers, headers and examples, from the OpenAPI documents.
            Generate a client from the same documents (openapi-typescript, openapi-generator, Kiota).
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {REFERENCES.map((reference) => (
              <li key={reference.href} className="rounded-lg border border-slate-200 bg-white p-5">
                <h3 className="text-lg font-medium">
                  {/* A plain link: the reference is a standalone page, not a React route. */}
                  <a className="text-sky-800 underline-offset-2 hover:underline" href={reference.href}>
                    {reference.title}
                  </a>
                </h3>
                <p className="mt-1 text-sm text-slate-600">{reference.summary}</p>
                <p className="mt-2 text-sm">
                  <a className="text-sky-800 underline" href={reference.document}>
                    {reference.document}
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </>
  );
}

function ErrorTable({
  title,
  envelope,
  rows,
  withType = false,
}: {
  title: string;
  envelope: string;
  rows: ErrorRow[];
  withType?: boolean;
}) {
  return (
    <>
      <h3 className="mt-8 text-lg font-semibold text-slate-900">{title}</h3>
      <CodeBlock code={envelope} language="JSON" name={`the ${title} error envelope`} />
      <ul aria-label={`${title} error codes`} className={phoneListClass}>
        {rows.map((row) => (
          <li key={row.code} className="px-4 py-3 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium tabular-nums">{row.status}</span>
              <code className="font-mono text-[13px] text-slate-900">{row.code}</code>
              {withType ? <span className="font-mono text-xs text-slate-600">{row.type}</span> : null}
            </p>
            <p className="mt-1 text-slate-700">{row.when}</p>
          </li>
        ))}
      </ul>
      <div className={wideTableClass}>
        <Table label={`${title} error codes`}>
          <THead>
            <tr>
              <Th>Status</Th>
              <Th>code</Th>
              {withType ? <Th>type</Th> : null}
              <Th>When</Th>
            </tr>
          </THead>
          <TBody>
            {rows.map((row) => (
              <Tr key={row.code}>
                <Td className="tabular-nums">{row.status}</Td>
                <Td className="font-mono text-[13px]">{row.code}</Td>
                {withType ? <Td className="font-mono text-[13px]">{row.type}</Td> : null}
                <Td className="min-w-64">{row.when}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
