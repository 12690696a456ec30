import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { IntroView } from "@/components/verify/intro-view";
import { LinkProblem } from "@/components/verify/link-problem";
import { methodLabel } from "@/components/verify/method-copy";
import { escalationMessage, MethodView } from "@/components/verify/method-view";
import { RefreshWhileWaiting } from "@/components/verify/refresh-while-waiting";
import { ResultView, resultWords } from "@/components/verify/result-view";
import { VerifyShell } from "@/components/verify/verify-shell";
import { env } from "@/lib/platform/env";
import type { PageSearchParams } from "@/lib/platform/http/search-params";
import { bindingSecretForPage } from "@/lib/edge/api/with-bound-session";
import { loadBranding } from "@/lib/verification/hosted-flow/branding";
import { getFlowSnapshot } from "@/lib/verification/hosted-flow/get-flow-snapshot";
import { RETURN_DELAY_SECONDS } from "@/lib/verification/hosted-flow/return-url";
import { handedOffFrom } from "@/lib/verification/hosted-flow/phone-handoff";
import { flowPageQuerySchema } from "@/lib/verification/hosted-flow/query-schemas";
import {
  chooseMethodAction,
  mailPhoneHandoffAction,
  simulateAction,
  skipUnavailableAction,
  startAction,
  startHostedCheckAction,
  startPhoneHandoffAction,
} from "@/app/verify/session/[sessionId]/actions";

export const dynamic = "force-dynamic";

/**
 * What this browser may see of the session, read once per request (the page and its title):
 * the flow when it holds the binding, the hand-off's state when it handed the check to a phone,
 * else nothing.
 */
const loadPage = cache(async (sessionId: string) => {
  const bindingSecret = await bindingSecretForPage(sessionId);
  const snapshot = await getFlowSnapshot(sessionId, bindingSecret);
  const moved = snapshot ? null : await handedOffFrom(sessionId, bindingSecret);
  const known = snapshot ?? moved;
  const brand = known ? await loadBranding(known.orgId, known.requester) : undefined;
  return { snapshot, moved, brand };
});

type Props = { params: Promise<{ sessionId: string }>; searchParams: Promise<PageSearchParams> };

/** The tab names the organisation that asked, when this browser may know it. */
export async function generateMetadata(props: Props): Promise<Metadata> {
  const { brand } = await loadPage((await props.params).sessionId);
  const t = await getTranslations("shell");
  return brand ? { title: { absolute: t("titleWithBrand", { brand: brand.name }) } } : {};
}

export default async function VerifyFlowPage(props: Props) {
  const { sessionId } = await props.params;
  const { notice } = flowPageQuerySchema.parse(await props.searchParams);
  const { snapshot, moved, brand } = await loadPage(sessionId);
  const ttlMinutes = Math.round(env().SESSION_TTL_SECONDS / 60);
  const t = await getTranslations();

  // This browser handed the check to a phone: it waits for the phone, then shows its outcome
  // and the way back from here.
  if (!snapshot && moved) {
    const shell = { brand, mode: moved.mode, requiredAge: moved.requiredAge, sessionId };
    if (moved.status === "passed" || moved.status === "failed") {
      const words = resultWords(t, moved, "first_device");
      return (
        <VerifyShell {...shell} focusKey="moved:done" announcement={t("result.announce", words)}>
          <ResultView snapshot={moved} place="first_device" />
        </VerifyShell>
      );
    }
    const kind = moved.status === "expired" ? "expired" : "moved";
    return (
      <VerifyShell
        {...shell}
        focusKey={`moved:${kind}`}
        announcement={kind === "moved" ? t("link.movedTitle") : t("link.expiredTitle")}
      >
        <LinkProblem kind={kind} returnTo={moved.returnTo} returnLabel={moved.requester} ttlMinutes={ttlMinutes} />
        {kind === "moved" ? <RefreshWhileWaiting /> : null}
      </VerifyShell>
    );
  }

  // Not this browser's session (or none at all): the same page as a link opened elsewhere.
  if (!snapshot) {
    return (
      <VerifyShell focusKey="used">
        <LinkProblem kind="used" />
      </VerifyShell>
    );
  }

  const shell = { brand, mode: snapshot.mode, requiredAge: snapshot.requiredAge, sessionId };
  const focusKey = `${snapshot.status}:${snapshot.currentMethodIndex}`;

  if (snapshot.status === "created") {
    const minutesLeft = minutesUntil(snapshot.deadline);
    return (
      <VerifyShell {...shell} focusKey={focusKey}>
        <IntroView
          snapshot={snapshot}
          minutesLeft={minutesLeft}
          startAction={(methodIndex) => startAction.bind(null, snapshot.id, methodIndex)}
        />
      </VerifyShell>
    );
  }

  if (snapshot.status === "in_progress") {
    const index = snapshot.currentMethodIndex;
    const announcement = [escalationMessage(t, snapshot), `${methodLabel(t, snapshot.steps[index].method)}.`]
      .filter(Boolean)
      .join(" ");
    return (
      <VerifyShell {...shell} focusKey={focusKey} announcement={announcement}>
        <MethodView
          snapshot={snapshot}
          notice={notice}
          simulateAction={simulateAction.bind(null, snapshot.id, index)}
          skipAction={skipUnavailableAction.bind(null, snapshot.id, index)}
          hostedAction={startHostedCheckAction.bind(null, snapshot.id, index)}
          handoffAction={startPhoneHandoffAction.bind(null, snapshot.id)}
          mailHandoffAction={mailPhoneHandoffAction.bind(null, snapshot.id)}
          switchAction={(target) => chooseMethodAction.bind(null, snapshot.id, index, target)}
        />
      </VerifyShell>
    );
  }

  if (snapshot.status === "expired") {
    return (
      <VerifyShell {...shell} focusKey={focusKey} announcement={t("link.expiredTitle")}>
        <LinkProblem
          kind="expired"
          returnTo={snapshot.returnTo}
          returnLabel={snapshot.requester}
          ttlMinutes={ttlMinutes}
        />
      </VerifyShell>
    );
  }

  const place = snapshot.handedOff ? "phone" : "here";
  const words = resultWords(t, snapshot, place);
  const autoReturn = snapshot.status === "passed" && place === "here";
  return (
    <VerifyShell
      {...shell}
      focusKey={focusKey}
      announcement={[
        t("result.announce", words),
        autoReturn
          ? t("result.announceReturning", { requester: snapshot.requester, seconds: RETURN_DELAY_SECONDS })
          : "",
      ]
        .filter(Boolean)
        .join(" ")}
    >
      <ResultView snapshot={snapshot} place={place} />
    </VerifyShell>
  );
}

// This page renders per request (it reads the session), so "now" is the request's time.
function minutesUntil(deadline: Date | null): number {
  return deadline ? Math.max(1, Math.floor((deadline.getTime() - Date.now()) / 60_000)) : 1;
}
