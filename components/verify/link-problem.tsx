import { useTranslations } from "next-intl";
import { card, primaryButton } from "@/components/verify/styles";
import { useMinutes } from "@/components/verify/use-minutes";
import type { LinkProblemKind } from "@/lib/verification/hosted-flow/query-schemas";

/** Each page's title and paragraphs, as catalogue keys (messages/*.json, "link"). */
const COPY = {
  used: { title: "usedTitle", body: ["used1", "used2", "used3"] },
  invalid: { title: "invalidTitle", body: ["invalid1", "invalid2"] },
  expired: { title: "expiredTitle", body: ["expired1"] },
  closed: { title: "closedTitle", body: ["closed1"] },
  handoff: { title: "handoffTitle", body: ["handoff1", "handoff2"] },
  moved: { title: "movedTitle", body: ["moved1", "moved2"] },
} as const satisfies Record<LinkProblemKind, { title: string; body: readonly string[] }>;

/** Pages for a link that cannot open a flow. They say what happened and nothing about any session. */
export function LinkProblem(props: {
  kind: LinkProblemKind;
  returnTo?: string;
  /** The organisation's name (or the return host): "Return to …". */
  returnLabel?: string;
  ttlMinutes?: number;
}) {
  const t = useTranslations("link");
  const minutes = useMinutes();
  const copy = COPY[props.kind];
  const body: string[] =
    props.kind === "expired" && props.ttlMinutes
      ? [t("expiredFor", { duration: minutes(props.ttlMinutes) })]
      : copy.body.map((key) => t(key));
  return (
    <div className={card}>
      <h1 id="flow-focus" tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 outline-none">
        {t(copy.title)}
      </h1>
      {body.map((paragraph) => (
        <p key={paragraph} className="mt-3 text-base text-slate-700">
          {paragraph}
        </p>
      ))}
      {props.returnTo && props.returnLabel ? (
        <a href={props.returnTo} className={`mt-6 ${primaryButton}`} data-testid="return-link">
          {t("returnTo", { label: props.returnLabel })}
        </a>
      ) : null}
    </div>
  );
}
