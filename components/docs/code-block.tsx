import { CopyButton } from "@/components/ui/copy-button";

/**
 * Code to copy: its language as a caption, a Copy button, and the code in a box that scrolls
 * sideways (reachable by keyboard, so its hidden part can be scrolled to without a mouse).
 */
export function CodeBlock({ code, language, name }: { code: string; language: string; name: string }) {
  return (
    <figure className="mt-3 min-w-0 overflow-hidden rounded-lg border border-slate-800 bg-slate-950 shadow-sm">
      <figcaption className="flex items-center justify-between gap-3 border-b border-slate-800 py-1.5 pr-1.5 pl-4 text-xs font-medium tracking-wide text-slate-300">
        <span>{language}</span>
        <CopyButton value={code} variant="secondary" accessibleName={`Copy ${name}`} />
      </figcaption>
      <pre
        tabIndex={0}
        aria-label={name}
        className="overflow-x-auto p-4 text-[13px] leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-400"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** Prose with `code` in backticks, as the reference's texts write it. */
export function Prose({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ?? "mt-2 leading-relaxed text-slate-700"}>
      {text.split(/(`[^`]+`)/).map((part, index) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
          <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-900">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  );
}
