"use client";

import { useQuery } from "@tanstack/react-query";
import { getVoiceDefaultsAction } from "@/lib/edge/actions/studio-actions";
import { SLIDERS } from "@/lib/voice/studio/voice-settings";
import { hiddenSettingsNote, honouredSettings } from "@/lib/voice/providers/honoured-settings";
import type { ResolvedVoiceSettings, VoiceSettingsInput } from "@/lib/voice/schemas";
import { SettingSlider } from "../sound-controls";

/** A set's voice settings: the voice's own defaults, or custom values starting from them. */
export function SetVoiceSettings({
  id,
  providerId,
  voiceId,
  custom,
  settings,
  onChange,
}: {
  id: string;
  /** The speech provider's id: which voice settings mean something (lib/voice/providers/honoured-settings). */
  providerId: string;
  voiceId: string;
  custom: boolean;
  settings: VoiceSettingsInput;
  onChange: (patch: { custom?: boolean; settings: VoiceSettingsInput }) => void;
}) {
  const defaults = useQuery({
    queryKey: ["voice-defaults", voiceId],
    queryFn: async () => {
      const result = await getVoiceDefaultsAction(voiceId);
      if (!result.ok) throw new Error(result.error);
      return result.value;
    },
    enabled: custom,
    staleTime: 60 * 60_000,
    retry: false,
  });
  const shown: Partial<ResolvedVoiceSettings> = { ...defaults.data, ...settings };

  return (
    <fieldset className="min-w-0 rounded-md border border-slate-200 px-3 pt-1 pb-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Voice settings</legend>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-indigo-600"
          checked={custom}
          onChange={(e) => onChange({ custom: e.target.checked, settings: e.target.checked ? settings : {} })}
        />
        <span>
          Custom settings
          <span className="block text-xs text-slate-500">
            Off: the voice&apos;s own defaults, as the API uses when none are sent.
          </span>
        </span>
      </label>
      {custom ? (
        <div className="mt-3 grid gap-x-6 gap-y-4">
          {hiddenSettingsNote(providerId) ? (
            <p className="text-xs text-slate-600">{hiddenSettingsNote(providerId)}</p>
          ) : null}
          {SLIDERS.filter((spec) => honouredSettings(providerId).includes(spec.key)).map((spec) => (
            <SettingSlider
              key={spec.key}
              id={id}
              spec={spec}
              value={shown[spec.key]}
              disabled={shown[spec.key] === undefined}
              onChange={(value) => onChange({ settings: { ...settings, [spec.key]: value } })}
            />
          ))}
          {defaults.isError ? <p className="text-xs text-red-700">{defaults.error.message}</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
}
