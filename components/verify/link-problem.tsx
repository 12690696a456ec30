import { card, primaryButton } from "@/components/verify/styles";
import type { LinkProblemKind } from "@/lib/verification/hosted-flow/query-schemas";

const COPY: Record<LinkProblemKind, { title: string; body: string[] }> = {
  used: {
    title: "This link was already used",
    body: [
      "For your security, an age check link works in one browser only, and this one has already been opened in another browser or app.",
      "If you started the check on another device or browser, carry on there. Otherwise, go back to the site that sent you here and start again.",
      "Opened it yourself just now? Your browser may be blocking cookies for this site; allow them, then start again from the site that sent you.",
    ],
  },
  invalid: {
    title: "This link isn't valid",
    body: [
      "The link may be incomplete or mistyped. Check that you copied all of it.",
      "Otherwise, go back to the site that sent you here and start a new age check.",
    ],
  },
  expired: {
    title: "This age check has expired",
    body: ["Age check links are valid for a limited time, and this one has run out. Go back and start a new one."],
  },
  closed: {
    title: "This age check is already finished",
    body: ["There is nothing more to do here."],
  },
  handoff: {
    title: "This phone link has expired or was used",
    body: [
      "A link to continue on your phone works once, for a few minutes.",
      'On your computer, choose "Continue on your phone" again to get a new code, then scan it.',
    ],
  },
  moved: {
    title: "You continued on another device",
    body: [
      "This age check moved to the phone where you scanned the code. Finish it there.",
      "Keep this page open: it shows the result as soon as your phone is done, and takes you back from here.",
    ],
  },
};

/** Pages for a link that cannot open a flow. They say what happened and nothing about any session. */
export function LinkProblem(props: {
  kind: LinkProblemKind;
  returnTo?: string;
  /** The organisation's name (or the return host): "Return to …". */
  returnLabel?: string;
  ttlMinutes?: number;
}) {
  const copy = COPY[props.kind];
  const body =
    props.kind === "expired" && props.ttlMinutes
      ? [
          `Age check links are valid for ${props.ttlMinutes} minutes, and this one has run out. Go back and start a new one.`,
        ]
      : copy.body;
  return (
    <div className={card}>
      <h1 id="flow-focus" tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 outline-none">
        {copy.title}
      </h1>
      {body.map((paragraph) => (
        <p key={paragraph} className="mt-3 text-base text-slate-700">
          {paragraph}
        </p>
      ))}
      {props.returnTo && props.returnLabel ? (
        <a href={props.returnTo} className={`mt-6 ${primaryButton}`} data-testid="return-link">
          Return to {props.returnLabel}
        </a>
      ) : null}
    </div>
  );
}
