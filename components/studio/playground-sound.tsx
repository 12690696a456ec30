import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { SLIDERS } from "@/lib/voice/studio/voice-settings";
import { hiddenSettingsNote, honouredSettings } from "@/lib/voice/providers/honoured-settings";
import { FormatBadges, FormatOptions, ModelSelect, SettingSlider } from "./sound-controls";
import type { StudioFormat } from "./studio-labels";
import type { PlaygroundState } from "./types";

type Props = {
  id: string;
  state: PlaygroundState;
  onChange: (patch: Partial<PlaygroundState>) => void;
  providerId: string;
};

/** The playground's model and output format, each with what it means. */
export function ModelAndFormat({ id, state, onChange, providerId, formats }: Props & { formats: StudioFormat[] }) {
  const format = formats.find((f) => f.id === state.formatId);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        id={`${id}-model`}
        label="Model"
        className="min-w-0"
        hint={
          providerId === "local" ? (
            "The local eSpeak voices sound the same with every model; the model still counts as part of the prompt."
          ) : (
            <>
              <code>{state.modelId}</code> on the upstream provider.
            </>
          )
        }
      >
        {(props) => <ModelSelect {...props} value={state.modelId} onChange={(modelId) => onChange({ modelId })} />}
      </Field>
      <Field
        id={`${id}-format`}
        label="Format"
        className="min-w-0"
        hint={format ? <FormatBadges format={format} lead={<code className="font-mono">{format.id}</code>} /> : null}
      >
        {(props) => (
          <Select {...props} value={state.formatId} onChange={(e) => onChange({ formatId: e.target.value })}>
            <FormatOptions formats={formats} />
          </Select>
        )}
      </Field>
    </div>
  );
}

/** The voice settings the provider honours, starting from the voice's defaults. */
export function PlaygroundSettings({
  id,
  state,
  onChange,
  providerId,
  defaults,
  onReset,
}: Props & { defaults: { status: "loading" | "ready" | "error"; error?: string }; onReset: () => void }) {
  const settings = state.settings;
  return (
    <fieldset className="min-w-0 rounded-md border border-slate-200 px-3 pt-1 pb-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Voice settings</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600" aria-live="polite">
          {defaults.status === "loading" && !settings
            ? "Loading the voice's defaults…"
            : defaults.status === "error" && !settings
              ? defaults.error
              : state.customSettings
                ? "Custom settings: sent with the request."
                : "The voice's defaults: no settings are sent."}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={onReset}
          disabled={!state.customSettings || defaults.status !== "ready"}
        >
          Reset to the voice&apos;s defaults
        </Button>
      </div>
      {hiddenSettingsNote(providerId) ? (
        <p className="mt-2 text-xs text-slate-600">{hiddenSettingsNote(providerId)}</p>
      ) : null}
      <div className="mt-3 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {SLIDERS.filter((spec) => honouredSettings(providerId).includes(spec.key)).map((spec) => (
          <SettingSlider
            key={spec.key}
            id={id}
            spec={spec}
            value={settings?.[spec.key]}
            disabled={!settings}
            withHint
            onChange={(value) =>
              settings && onChange({ settings: { ...settings, [spec.key]: value }, customSettings: true })
            }
          />
        ))}
      </div>
      {honouredSettings(providerId).includes("use_speaker_boost") ? (
        <label className="mt-4 flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-indigo-600"
            checked={settings?.use_speaker_boost ?? false}
            disabled={!settings}
            onChange={(e) =>
              settings &&
              onChange({ settings: { ...settings, use_speaker_boost: e.target.checked }, customSettings: true })
            }
          />
          <span>
            Speaker boost
            <span className="block text-xs text-slate-500">Closer to the original voice, at a small latency cost.</span>
          </span>
        </label>
      ) : null}
    </fieldset>
  );
}
