// A Stripe-shaped HTTPS server on loopback, serving just the endpoints the stripe providers call,
// written from Stripe's API reference (form-encoded requests with bracketed keys, Bearer secret
// key, JSON objects, {"error": {...}} errors). Each response is typed as the SDK's own type, so
// `tsc` holds it to what stripe-node (and through it, Stripe's OpenAPI spec) says Stripe sends.
// Its certificate is self-signed and made at start; only the Stripe client is told to trust it
// (STRIPE_CA_FILE), so nothing else in the test process does.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type Stripe from "stripe";

type Dob = { day: number; month: number; year: number };
type Call = { method: string; path: string; params: URLSearchParams };

type IdentityRecord = { session: Stripe.Identity.VerificationSession; dob: Dob | null };
type CheckoutRecord = { session: Stripe.Checkout.Session; intent: Stripe.SetupIntent | null };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;

/** Starts the fake; `apiUrl` and `caFile` are STRIPE_API_URL and STRIPE_CA_FILE for the client. */
export async function startStripeFake(secretKey: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "stripe-fake-"));
  const keyFile = path.join(dir, "key.pem");
  const caFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"],
      ...["-keyout", keyFile, "-out", caFile, "-subj", "/CN=stripe-fake"],
      ...["-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );

  const identity = new Map<string, IdentityRecord>();
  const checkouts = new Map<string, CheckoutRecord>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod>();
  const calls: Call[] = [];
  const control = {
    /** Every request answers 500 api_error (Stripe down). */
    down: false,
    /** Every request waits this long before answering (Stripe slow). */
    delayMs: 0,
  };

  function identityView(record: IdentityRecord, expand: string[]): Stripe.Identity.VerificationSession {
    const session = structuredClone(record.session);
    if (session.status === "verified" && !session.redaction) {
      session.verified_outputs = {
        address: null,
        email: null,
        first_name: "Jenny",
        id_number_type: null,
        last_name: "Rosen",
        phone: null,
        // Sent only when asked for (expand[]=verified_outputs.dob), as Stripe does.
        ...(expand.includes("verified_outputs.dob") ? { dob: record.dob } : {}),
      };
    }
    return session;
  }

  function checkoutView(record: CheckoutRecord, expand: string[]): Stripe.Checkout.Session {
    const session = structuredClone(record.session);
    if (record.intent && expand.includes("setup_intent.payment_method")) {
      const intent = structuredClone(record.intent);
      const methodId = intent.payment_method as string | null;
      intent.payment_method = methodId ? structuredClone(paymentMethods.get(methodId)!) : null;
      session.setup_intent = intent;
    } else if (record.intent && expand.includes("setup_intent")) {
      session.setup_intent = structuredClone(record.intent);
    }
    return session;
  }

  type Answer = { status: number; body: unknown };
  const error = (status: number, type: string, message: string, code?: string): Answer => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });
  const missing = (what: string, which: string) =>
    error(404, "invalid_request_error", `No such ${what}: '${which}'`, "resource_missing");

  function route(method: string, pathname: string, params: URLSearchParams): Answer {
    const expand = [...params.entries()].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);
    let match: RegExpExecArray | null;

    if (method === "POST" && pathname === "/v1/identity/verification_sessions") {
      const session: Stripe.Identity.VerificationSession = {
        id: id("vs"),
        object: "identity.verification_session",
        client_reference_id: params.get("client_reference_id"),
        client_secret: `${id("vs")}_secret_${randomBytes(8).toString("hex")}`,
        created: now(),
        last_error: null,
        last_verification_report: null,
        livemode: false,
        metadata: { reference: params.get("metadata[reference]") ?? "" },
        options: {
          document: {
            require_matching_selfie: params.get("options[document][require_matching_selfie]") === "true",
            require_live_capture: params.get("options[document][require_live_capture]") === "true",
          },
        },
        redaction: null,
        related_customer: null,
        related_customer_account: null,
        status: "requires_input",
        type: (params.get("type") ?? "document") as Stripe.Identity.VerificationSession.Type,
        url: "",
      };
      session.url = `https://verify.stripe.com/start/test_${session.id}`;
      identity.set(session.id, { session, dob: null });
      return { status: 200, body: identityView(identity.get(session.id)!, expand) };
    }
    if (method === "GET" && pathname === "/v1/identity/verification_sessions") {
      const reference = params.get("client_reference_id");
      const list: Stripe.ApiList<Stripe.Identity.VerificationSession> = {
        object: "list",
        url: "/v1/identity/verification_sessions",
        has_more: false,
        data: [...identity.values()]
          .filter((record) => reference === null || record.session.client_reference_id === reference)
          .reverse()
          .slice(0, Number(params.get("limit") ?? 10))
          .map((record) => identityView(record, expand)),
      };
      return { status: 200, body: list };
    }
    if ((match = /^\/v1\/identity\/verification_sessions\/([^/]+)$/.exec(pathname)) && method === "GET") {
      const record = identity.get(match[1]);
      return record ? { status: 200, body: identityView(record, expand) } : missing("verification_session", match[1]);
    }
    if ((match = /^\/v1\/identity\/verification_sessions\/([^/]+)\/redact$/.exec(pathname)) && method === "POST") {
      const record = identity.get(match[1]);
      if (!record) return missing("verification_session", match[1]);
      if (record.session.status !== "verified" && record.session.status !== "requires_input") {
        return error(
          400,
          "invalid_request_error",
          `You cannot redact a VerificationSession with status ${record.session.status}.`,
        );
      }
      // Redacting a session that still awaits input cancels it, as Stripe documents.
      if (record.session.status === "requires_input") record.session.status = "canceled";
      record.session.redaction = { status: "processing" };
      record.session.metadata = {};
      record.dob = null;
      return { status: 200, body: identityView(record, expand) };
    }

    if (method === "POST" && pathname === "/v1/checkout/sessions") {
      if (params.get("mode") !== "setup")
        return error(400, "invalid_request_error", "This fake knows setup mode only.");
      const session: Stripe.Checkout.Session = {
        id: id("cs_test"),
        object: "checkout.session",
        adaptive_pricing: null,
        after_expiration: null,
        allow_promotion_codes: null,
        allowed_payment_method_types: ["card"],
        amount_subtotal: null,
        amount_total: null,
        automatic_tax: { enabled: false, liability: null, provider: null, status: null },
        billing_address_collection: null,
        cancel_url: params.get("cancel_url"),
        client_reference_id: params.get("client_reference_id"),
        client_secret: null,
        collected_information: null,
        consent: null,
        consent_collection: null,
        created: now(),
        currency: null,
        currency_conversion: null,
        custom_fields: [],
        custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
        customer: null,
        customer_account: null,
        customer_creation: null,
        customer_details: null,
        customer_email: null,
        discounts: null,
        expires_at: now() + 24 * 3600,
        integration_identifier: null,
        invoice: null,
        invoice_creation: null,
        livemode: false,
        locale: null,
        managed_payments: null,
        metadata: { reference: params.get("metadata[reference]") ?? "" },
        mode: "setup",
        origin_context: null,
        payment_intent: null,
        payment_link: null,
        payment_method_collection: "always",
        payment_method_configuration_details: null,
        payment_method_options: null,
        payment_method_types: ["card"],
        payment_status: "no_payment_required",
        permissions: null,
        recovered_from: null,
        saved_payment_method_options: null,
        setup_intent: null,
        shipping_address_collection: null,
        shipping_cost: null,
        shipping_options: [],
        status: "open",
        submit_type: null,
        subscription: null,
        success_url: params.get("success_url"),
        total_details: null,
        ui_mode: "hosted_page",
        url: null,
        wallet_options: null,
      };
      session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
      checkouts.set(session.id, { session, intent: null });
      return { status: 200, body: checkoutView(checkouts.get(session.id)!, expand) };
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(pathname)) && method === "GET") {
      const record = checkouts.get(match[1]);
      return record ? { status: 200, body: checkoutView(record, expand) } : missing("checkout.session", match[1]);
    }
    if ((match = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(pathname)) && method === "POST") {
      const card = paymentMethods.get(match[1]);
      if (!card) return missing("payment_method", match[1]);
      if (!card.customer) {
        return error(
          400,
          "invalid_request_error",
          "The payment method you provided is not attached to a customer so detachment is impossible.",
        );
      }
      card.customer = null;
      return { status: 200, body: card };
    }
    return error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${pathname}).`);
  }

  const server = https.createServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, (req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const url = new URL(req.url!, "https://127.0.0.1");
      const params = new URLSearchParams(req.method === "GET" ? url.search : raw);
      calls.push({ method: req.method!, path: url.pathname, params });
      const answer =
        req.headers.authorization !== `Bearer ${secretKey}`
          ? error(401, "invalid_request_error", "Invalid API Key provided.")
          : control.down
            ? error(500, "api_error", "Something went wrong on Stripe's end.")
            : route(req.method!, url.pathname, params);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { "content-type": "application/json", "request-id": id("req") });
        res.end(JSON.stringify(answer.body));
      };
      if (control.delayMs > 0) setTimeout(send, control.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    apiUrl: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    caFile,
    calls,
    control,
    identitySessions: identity,
    /** The user finishes on Stripe's page and Stripe verifies the document and the selfie. */
    verify(sessionId: string, dob: Dob) {
      const record = identity.get(sessionId)!;
      record.session.status = "verified";
      record.dob = dob;
    },
    /** Stripe could not verify (an unreadable or expired document, a selfie that does not match). */
    requireInput(sessionId: string, code: Stripe.Identity.VerificationSession.LastError.Code) {
      const record = identity.get(sessionId)!;
      record.session.status = "requires_input";
      record.session.last_error = { code, reason: "The check could not be completed." };
    },
    cancel(sessionId: string) {
      identity.get(sessionId)!.session.status = "canceled";
    },
    /** The user entered a card on Checkout; `attached`: Stripe attached it to a customer. */
    completeCheckout(sessionId: string, funding: string, attached = false) {
      const record = checkouts.get(sessionId)!;
      const card: Stripe.PaymentMethod = {
        id: id("pm"),
        object: "payment_method",
        billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
        card: {
          brand: "visa",
          checks: null,
          country: "GB",
          display_brand: "visa",
          exp_month: 12,
          exp_year: 2030,
          funding,
          last4: "4242",
          generated_from: null,
          networks: null,
          regulated_status: null,
          three_d_secure_usage: null,
          wallet: null,
        },
        created: now(),
        customer: attached ? id("cus") : null,
        customer_account: null,
        livemode: false,
        metadata: {},
        type: "card",
      };
      paymentMethods.set(card.id, card);
      const intent: Stripe.SetupIntent = {
        id: id("seti"),
        object: "setup_intent",
        allowed_payment_method_types: null,
        application: null,
        automatic_payment_methods: null,
        cancellation_reason: null,
        client_secret: null,
        created: now(),
        customer: card.customer,
        description: null,
        excluded_payment_method_types: null,
        last_setup_error: null,
        latest_attempt: null,
        livemode: false,
        mandate: null,
        metadata: {},
        next_action: null,
        on_behalf_of: null,
        payment_method: card.id,
        payment_method_configuration_details: null,
        payment_method_options: null,
        payment_method_types: ["card"],
        single_use_mandate: null,
        status: "succeeded",
        usage: "off_session",
      };
      record.intent = intent;
      record.session.setup_intent = intent.id;
      record.session.status = "complete";
    },
    paymentMethods,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
