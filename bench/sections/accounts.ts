// Sign-in while sign-ups hammer (issue #48 item 3): an attacker's burst of sign-ups must not stand
// between a real user and their sign-in. Each sign-up costs an argon2 hash (64 MiB) in sign-up's
// own bounded queue, never in sign-in's. Rows, both a full sign-in through Auth.js's credentials
// endpoint as the sign-in form does (CSRF token, then the password checked):
// - sign-ins one at a time on an idle app (the baseline);
// - the same while 40 sign-ups are always in flight, each from an address of its own
//   (X-Forwarded-For; the bench trusts one proxy hop) and a new email, posted as the sign-up form
//   posts without JavaScript (the server action's form fields from the page).
// Target: sign-in p99 under 1 s during the burst.
import type { BenchContext, BenchRow, BenchSection } from "../lib/context";
import { median } from "../lib/measure";

const SIGN_INS = 20;
const SIGN_UPS_IN_FLIGHT = 40;
const PASSWORD = "a bench password, long enough";

/** Cookies from a response's Set-Cookie headers, into `jar`. */
function keepCookies(res: Response, jar: Map<string, string>) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";", 1);
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** One sign-in as the form makes it; its time from the first request to the session cookie. */
async function timeSignIn(baseUrl: string, email: string): Promise<number> {
  const started = performance.now();
  const jar = new Map<string, string>();
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  keepCookies(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, email, password: PASSWORD, callbackUrl: `${baseUrl}/dashboard` }),
  });
  keepCookies(res, jar);
  if (res.status !== 302 || ![...jar.keys()].some((name) => name.endsWith("authjs.session-token"))) {
    throw new Error(`sign-in answered ${res.status} without a session cookie`);
  }
  return performance.now() - started;
}

/** The sign-up form's server-action fields, as the page renders them for a post without JavaScript. */
async function signUpFormFields(baseUrl: string): Promise<[string, string][]> {
  const html = await (await fetch(`${baseUrl}/sign-up`)).text();
  const fields = [...html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)].flatMap(([tag]) => {
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1] ?? "";
    return name?.startsWith("$ACTION")
      ? [[name.replaceAll("&amp;", "&"), value.replaceAll("&quot;", '"')] as [string, string]]
      : [];
  });
  if (fields.length === 0) throw new Error("the sign-up page has no server-action fields");
  return fields;
}

/** Keeps `inFlight` sign-ups going until stopped; counts their answers by kind. */
function hammerSignUps(baseUrl: string, fields: [string, string][], inFlight: number) {
  let running = true;
  let sent = 0;
  const answers: Record<string, number> = {};
  const one = async (): Promise<void> => {
    while (running) {
      const n = sent++;
      const form = new FormData();
      for (const [name, value] of fields) form.append(name, value);
      form.append("name", "Bench");
      form.append("email", `bench-sign-up-${Date.now()}-${n}@example.com`);
      form.append("password", PASSWORD);
      form.append("organization", `Bench sign-up ${n}`);
      const res = await fetch(`${baseUrl}/sign-up`, {
        method: "POST",
        body: form,
        headers: { "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      });
      const html = await res.text();
      const kind =
        res.status !== 200
          ? `HTTP ${res.status}`
          : html.includes("Check your email to continue")
            ? "accepted"
            : html.includes("Many accounts are being created right now")
              ? "refused: sign-up busy"
              : html.includes("Too many sign-ups")
                ? "refused: limit"
                : "other";
      answers[kind] = (answers[kind] ?? 0) + 1;
    }
  };
  const workers = Array.from({ length: inFlight }, one);
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

function row(name: string, times: number[], extra: Pick<BenchRow, "outcomes" | "target"> = {}): BenchRow {
  const sorted = [...times].sort((a, b) => a - b);
  const seconds = times.reduce((sum, t) => sum + t, 0) / 1000;
  return {
    name,
    concurrency: 1,
    requests: times.length,
    errors: 0,
    seconds,
    rps: times.length / seconds,
    p50Ms: median(times),
    p99Ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)],
    ...extra,
  };
}

async function signInsOneAtATime(baseUrl: string, email: string) {
  const times: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) times.push(await timeSignIn(baseUrl, email));
  return times;
}

const section: BenchSection = {
  title: "Accounts",
  async run(ctx: BenchContext) {
    const { createUserInOrganization } = await import("@/lib/account/users/create-user");
    const email = `bench-sign-in-${Date.now()}@example.com`;
    await createUserInOrganization({ email, organization: "Bench sign-in", password: PASSWORD });
    await timeSignIn(ctx.baseUrl, email); // warm-up: the routes compiled, the dummy hash made
    const idle = await signInsOneAtATime(ctx.baseUrl, email);
    const fields = await signUpFormFields(ctx.baseUrl);
    const burst = hammerSignUps(ctx.baseUrl, fields, SIGN_UPS_IN_FLIGHT);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const underLoad = await signInsOneAtATime(ctx.baseUrl, email).finally(() => burst.stop());
    ctx.note(
      `Accounts: sign-ups answered during the burst: ${Object.entries(burst.answers)
        .map(([kind, count]) => `${count} ${kind}`)
        .join(", ")}.`,
    );
    return [
      row("Sign-in (credentials form, one at a time), idle", idle),
      row(`Sign-in, while ${SIGN_UPS_IN_FLIGHT} sign-ups are in flight at all times`, underLoad, {
        outcomes: burst.answers,
        target: { maxP99Ms: 1000 },
      }),
    ];
  },
};

export default section;
