import { MAX_LEXICONS_PER_REQUEST as MAX_LEXICONS } from "@/lib/voice/lexicons/schemas";

/**
 * How a script is read: as SSML or plain text, and with which pronunciation lexicons. The one
 * control for both, shared by the playground (one script) and a prompt set's settings (every
 * prompt of the set), so they look and behave the same.
 */
export function ScriptOptions({
  id,
  label,
  ssml,
  lexiconIds,
  lexicons,
  onChange,
}: {
  id: string;
  /** "Read the script as SSML", "Read the prompts as SSML". */
  label: string;
  ssml: boolean;
  lexiconIds: string[];
  lexicons: { id: string; name: string }[];
  onChange: (patch: { ssml?: boolean; lexiconIds?: string[] }) => void;
}) {
  return (
    <div className="flex flex-wrap items-start gap-x-6 gap-y-2 text-sm">
      <label className="flex items-center gap-2 text-slate-800">
        <input
          type="checkbox"
          checked={ssml}
          onChange={(e) => onChange({ ssml: e.target.checked })}
          aria-describedby={`${id}-ssml-hint`}
        />
        {label}
      </label>
      <p id={`${id}-ssml-hint`} className="text-xs text-slate-600">
        {'<break time="500ms"/>, <say-as interpret-as="digits">, <sub alias>, <phoneme>, <emphasis>, <prosody rate>'}
      </p>
      {lexicons.length > 0 ? (
        <fieldset className="min-w-0">
          <legend className="text-xs font-medium text-slate-700">Pronunciation lexicons (up to {MAX_LEXICONS})</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {lexicons.map((lexicon) => {
              const checked = lexiconIds.includes(lexicon.id);
              return (
                <label key={lexicon.id} className="flex items-center gap-2 text-slate-800">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && lexiconIds.length >= MAX_LEXICONS}
                    onChange={(e) =>
                      onChange({
                        lexiconIds: e.target.checked
                          ? [...lexiconIds, lexicon.id]
                          : lexiconIds.filter((l) => l !== lexicon.id),
                      })
                    }
                  />
                  {lexicon.name}
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
