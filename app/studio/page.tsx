import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { Studio } from "@/components/studio/studio";
import { env } from "@/lib/env";
import { languageNames } from "@/lib/studio/voice-filters";
import { requireDashboardUser } from "@/lib/users/current-user";
import { listFormats } from "@/lib/voice/list-formats";
import { listTtsGenerations } from "@/lib/voice/list-tts-generations";
import { listVoices } from "@/lib/voice/list-voices";
import { describeVoiceError } from "@/lib/voice/errors";
import { getVoiceCatalog } from "@/lib/voice/voice-catalog";
import type { Voice } from "@/lib/voice/schemas";

export const metadata: Metadata = { title: { absolute: "Voice Studio · Voiceage" } };
export const dynamic = "force-dynamic";

async function loadVoices(): Promise<{ voices: Voice[]; error: string | null }> {
  try {
    return { voices: (await listVoices()).voices, error: null };
  } catch (error) {
    // The provider is down and no earlier list is cached: say so, keep the rest of the page.
    return { voices: [], error: describeVoiceError(error).message };
  }
}

export default async function StudioPage() {
  const user = await requireDashboardUser("/studio");
  const [voices, history] = await Promise.all([loadVoices(), listTtsGenerations({ orgId: user.orgId, limit: 20 })]);
  const config = env();

  return (
    <>
      <PageHeader
        title="Voice Studio"
        description="Pick a voice, type your menu script, listen, and download a file your phone system plays as it is."
      />
      <Studio
        voices={voices.voices}
        voicesError={voices.error}
        languageNames={languageNames(voices.voices)}
        formats={listFormats().formats}
        initialHistory={history}
        maxTextLength={config.TTS_MAX_TEXT_LENGTH}
        urlTtlSeconds={config.AUDIO_URL_TTL_SECONDS}
        providerId={getVoiceCatalog().provider.id}
      />
    </>
  );
}
