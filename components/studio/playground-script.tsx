import { cx } from "@/components/ui/cx";
import type { CharacterCount } from "@/lib/voice/studio/character-count";
import { ScriptOptions } from "./script-options";
import type { PlaygroundState } from "./types";

/** The playground's script, its character count as the API counts, and how it is read. */
export function ScriptField({
  id,
  state,
  onChange,
  count,
  lexicons,
  textError,
}: {
  id: string;
  state: PlaygroundState;
  onChange: (patch: Partial<PlaygroundState>) => void;
  count: CharacterCount;
  lexicons: { id: string; name: string }[];
  textError: string | null;
}) {
  const describedBy = [`${id}-count`, textError ? `${id}-text-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
        Script
      </label>
      <textarea
        id={`${id}-text`}
        rows={5}
        value={state.text}
        onChange={(e) => onChange({ text: e.target.value })}
        aria-describedby={describedBy}
        aria-invalid={textError || count.over ? true : undefined}
        placeholder="Thank you for calling. For sales, press 1. For support, press 2."
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30 aria-[invalid=true]:border-red-500"
      />
      <div className="mt-1 flex flex-wrap justify-between gap-2 text-xs">
        <p className="text-slate-600">Counted as the API counts: an emoji or accented letter is one character.</p>
        <p
          id={`${id}-count`}
          className={cx("tabular-nums", count.over ? "font-medium text-red-700" : "text-slate-600")}
          data-testid="character-count"
        >
          {count.message}
        </p>
      </div>
      {textError ? (
        <p id={`${id}-text-error`} className="mt-1 text-sm text-red-700">
          {textError}
        </p>
      ) : null}
      <div className="mt-3">
        <ScriptOptions
          id={id}
          label="Read the script as SSML"
          ssml={state.ssml}
          lexiconIds={state.lexiconIds}
          lexicons={lexicons}
          onChange={onChange}
        />
      </div>
      {/* Announced once when the script crosses the limit, not on every keystroke. */}
      <p className="sr-only" aria-live="polite">
        {count.over ? `The script is over the ${count.max}-character limit.` : ""}
      </p>
    </div>
  );
}
