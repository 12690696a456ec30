"use server";
// Mutations of the hosted flow. Each one checks the Origin (CSRF) and the browser binding cookie
// (boundSessionForAction) before calling one domain function; the server decides every transition.
import { getLocale, getTranslations } from "next-intl/server";
import { refresh } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { FlowActionState } from "@/lib/edge/actions/action-result";
import { boundSessionForAction } from "@/lib/edge/api/with-bound-session";
import { idPattern } from "@/lib/platform/ids";
import { chooseMethod } from "@/lib/verification/hosted-flow/choose-method";
import { startHostedCheck } from "@/lib/verification/hosted-flow/hosted-check";
import { clientAddress } from "@/lib/account/rate-limit/client-address";
import { mailHandoffLink } from "@/lib/verification/hosted-flow/handoff-mail";
import { createPhoneHandoff } from "@/lib/verification/hosted-flow/phone-handoff";
import { qrCodeSvg } from "@/lib/verification/hosted-flow/qr-code-svg";
import { startVerification } from "@/lib/verification/hosted-flow/start-verification";
import {
  skipUnavailableMethod,
  submitSimulatedChoice,
  type EvidenceOutcome,
} from "@/lib/verification/hosted-flow/submit-evidence";
import { ProviderError } from "@/lib/verification/methods/types";
import { errorField, logger } from "@/lib/platform/log";
import { localizeFlowMessage } from "@/lib/verification/hosted-flow/flow-messages";
import type { Messages } from "@/lib/verification/locale/catalogues";

const DONE: FlowActionState = { ok: true, value: {} };
// Errors are said in the language of the page that sent the action (the request's locale).
const notAvailable = async (): Promise<FlowActionState> => ({
  ok: false,
  error: (await getTranslations("errors"))("notAvailable"),
});
const failure = async (key: Exclude<keyof Messages["errors"], "notAvailable">): Promise<FlowActionState> => ({
  ok: false,
  error: (await getTranslations("errors"))(key),
});
const sessionIdSchema = z.string().regex(idPattern("vs"));
const indexSchema = z.number().int().min(0).max(50);
const choiceSchema = z.enum(["pass", "fail", "inconclusive"]);

async function authorize(sessionId: unknown) {
  const id = sessionIdSchema.safeParse(sessionId);
  return id.success ? boundSessionForAction(id.data) : null;
}

type Step = { session: NonNullable<Awaited<ReturnType<typeof authorize>>>; index: number };

/**
 * An action on the method step the page was showing (bound to the session id and the step's
 * index): `run` is called only when the session is this browser's and still on that step.
 */
function stepAction(run: (step: Step, form: FormData) => Promise<FlowActionState>) {
  return async (
    sessionId: string,
    expectedIndex: number,
    _previous: FlowActionState,
    form: FormData,
  ): Promise<FlowActionState> => {
    const index = indexSchema.safeParse(expectedIndex);
    const session = index.success ? await authorize(sessionId) : null;
    if (!session || !index.success) return notAvailable();
    return run({ session, index: index.data }, form);
  };
}

async function settle(outcome: EvidenceOutcome): Promise<FlowActionState> {
  // Stale means the page was behind (double submit, another tab, expiry): show the real state.
  refresh();
  if ("message" in outcome) return { ok: false, error: await localizeFlowMessage(outcome.message) };
  return DONE;
}

/** Starts the method the user chose (`methodIndex`; undefined when none can run, to finish). */
export async function startAction(
  sessionId: string,
  methodIndex: number | undefined,
  _previous: FlowActionState,
  _form: FormData,
): Promise<FlowActionState> {
  const index = indexSchema.optional().safeParse(methodIndex);
  const session = index.success ? await authorize(sessionId) : null;
  if (!session || !index.success) return notAvailable();
  // Stale (a second tab started, or the choice is not one this session can run): show the real state.
  await startVerification({ sessionId: session.id, orgId: session.orgId, methodIndex: index.data });
  refresh();
  return DONE;
}

/** "Use my ID instead": from the step the page showed to another method, without spending an attempt. */
export async function chooseMethodAction(
  sessionId: string,
  expectedIndex: number,
  targetIndex: number,
  _previous: FlowActionState,
  _form: FormData,
): Promise<FlowActionState> {
  const from = indexSchema.safeParse(expectedIndex);
  const to = indexSchema.safeParse(targetIndex);
  const session = from.success && to.success ? await authorize(sessionId) : null;
  if (!session || !from.success || !to.success) return notAvailable();
  const outcome = await chooseMethod(session, from.data, to.data);
  refresh();
  return outcome === "limit" ? await failure("tooManySwitches") : DONE;
}

export const simulateAction = stepAction(async (step, form) => {
  const choice = choiceSchema.safeParse(form.get("result"));
  if (!choice.success) return failure("choosePass");
  return settle(await submitSimulatedChoice(step.session, step.index, choice.data));
});

export const skipUnavailableAction = stepAction(async (step) =>
  settle(await skipUnavailableMethod(step.session, step.index)),
);

/** Opens the check on the provider's own page (a card check, Stripe Identity) and sends the user there. */
export const startHostedCheckAction = stepAction(async (step) => {
  let target: string | null;
  try {
    target = await startHostedCheck(step.session, step.index);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logger().error({ err: errorField(error) }, "hosted check provider error");
    return failure("partnerUnreachable");
  }
  if (!target) {
    refresh();
    return DONE;
  }
  redirect(target);
});

/** A QR code of a single-use link that moves this check to a phone (lib/verification/hosted-flow/phone-handoff.ts). */
export async function startPhoneHandoffAction(
  sessionId: string,
  _previous: FlowActionState,
  _form: FormData,
): Promise<FlowActionState> {
  const session = await authorize(sessionId);
  if (!session) return notAvailable();
  return showHandoff(await createPhoneHandoff(session));
}

/** A new hand-off link as the page shows it (its QR code), or why there is none. */
async function showHandoff(handoff: { url: string; expiresAt: Date } | null): Promise<FlowActionState> {
  if (!handoff) {
    refresh();
    return failure("noOtherDevice");
  }
  return {
    ok: true,
    value: {
      handoff: { url: handoff.url, qrSvg: await qrCodeSvg(handoff.url), expiresAt: handoff.expiresAt.toISOString() },
    },
  };
}

/** "Send me the link": a new hand-off link by mail (fixed text, rate limited), shown as a new code too. */
export async function mailPhoneHandoffAction(
  sessionId: string,
  _previous: FlowActionState,
  form: FormData,
): Promise<FlowActionState> {
  const session = await authorize(sessionId);
  if (!session) return notAvailable();
  const sent = await mailHandoffLink(
    session,
    form.get("email"),
    clientAddress(await headers()),
    new Date(),
    await getLocale(),
  );
  switch (sent.kind) {
    case "invalid_email":
      return failure("enterEmail");
    case "limited":
      return failure("mailLimit");
    case "closed":
      refresh();
      return failure("noOtherDevice");
    case "sent":
      return {
        ok: true,
        value: {
          handoff: { url: sent.url, qrSvg: await qrCodeSvg(sent.url), expiresAt: sent.expiresAt.toISOString() },
        },
      };
  }
}
