import { cookies } from "next/headers";
import { IntroView } from "@/components/verify/intro-view";
import { LinkProblem } from "@/components/verify/link-problem";
import { METHOD_LABEL } from "@/components/verify/method-copy";
import { escalationMessage, MethodView } from "@/components/verify/method-view";
import { ResultView, resultWords } from "@/components/verify/result-view";

import { VerifyShell } from "@/components/verify/verify-shell";
import { env } from "@/lib/env";
import type { PageSearchParams } from "@/lib/http/search-params";
import { bindingCookieName } from "@/lib/verification/hosted-flow/binding";
import { stepPosition } from "@/lib/verification/hosted-flow/flow-steps";
import { getFlowSnapshot } from "@/lib/verification/hosted-flow/get-flow-snapshot";
import { RETURN_DELAY_SECONDS } from "@/lib/verification/hosted-flow/return-url";
import { handedOffFrom } from "@/lib/verification/hosted-flow/phone-handoff";
import { flowPageQuerySchema } from "@/lib/verification/hosted-flow/query-schemas";
import {
  simulateAction,
  skipUnavailableAction,
  startAction,
  startHostedCheckAction,
  startPhoneHandoffAction,
} from "@/app/verify/session/[sessionId]/actions";

export const dynamic = "force-dynamic";

export default async function VerifyFlowPage(props: {
  params: Promise<{ sessionId: string }>;
  searchParams: Promise<PageSearchParams>;
}) {
  const { sessionId } = await props.params;
  const { notice } = flowPageQuerySchema.parse(await props.searchParams);
  const jar = await cookies();
  const bindingSecret = jar.get(bindingCookieName(sessionId))?.value;
  const snapshot = await getFlowSnapshot(sessionId, bindingSecret);
  const ttlMinutes = Math.round(env().SESSION_TTL_SECONDS / 60);

  // Not this browser's session (or none at all): the same page as a link opened elsewhere, unless
  // this browser handed the check to a phone.
  if (!snapshot) {
    const moved = await handedOffFrom(sessionId, bindingSecret);
    return (
      <VerifyShell
        focusKey={moved ? "moved" : "used"}
        announcement={moved ? "You continued on another device." : undefined}
      >
        <LinkProblem kind={moved ? "moved" : "used"} returnTo={moved?.returnTo} returnHost={moved?.requester} />
      </VerifyShell>
    );
  }

  const shell = { mode: snapshot.mode, requiredAge: snapshot.requiredAge };
  const focusKey = `${snapshot.status}:${snapshot.currentMethodIndex}`;

  if (snapshot.status === "created") {
    const minutesLeft = minutesUntil(snapshot.deadline);
    return (
      <VerifyShell {...shell} focusKey={focusKey}>
        <IntroView snapshot={snapshot} minutesLeft={minutesLeft} startAction={startAction.bind(null, snapshot.id)} />
      </VerifyShell>
    );
  }

  if (snapshot.status === "in_progress") {
    const index = snapshot.currentMethodIndex;
    const { position, total } = stepPosition(snapshot.steps, index);
    const announcement = [
      escalationMessage(snapshot.steps, index),
      `Step ${position} of ${total}: ${METHOD_LABEL[snapshot.steps[index].method]}.`,
    ]
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
        />
      </VerifyShell>
    );
  }

  if (snapshot.status === "expired") {
    return (
      <VerifyShell {...shell} focusKey={focusKey} announcement="This age check has expired.">
        <LinkProblem
          kind="expired"
          returnTo={snapshot.returnTo}
          returnHost={snapshot.returnHost}
          ttlMinutes={ttlMinutes}
        />
      </VerifyShell>
    );
  }

  const words = resultWords(snapshot);
  return (
    <VerifyShell
      {...shell}
      focusKey={focusKey}
      announcement={`${words.title}. ${words.detail}${snapshot.status === "passed" ? ` Returning you to ${snapshot.requester} in ${RETURN_DELAY_SECONDS} seconds.` : ""}`}
    >
      <ResultView snapshot={snapshot} />
    </VerifyShell>
  );
}

// This page renders per request (it reads the session), so "now" is the request's time.
function minutesUntil(deadline: Date | null): number {
  return deadline ? Math.max(1, Math.floor((deadline.getTime() - Date.now()) / 60_000)) : 1;
}
