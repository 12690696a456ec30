import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { Studio } from "@/components/studio/studio";
import { env } from "@/lib/platform/env";
import { loadStudioVoices } from "@/lib/voice/studio/load-voices";
import { languageNames } from "@/lib/voice/studio/voice-filters";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { listFormats } from "@/lib/voice/list-formats";
import { listTtsGenerations } from "@/lib/voice/list-tts-generations";
import { getVoiceCatalog } from "@/lib/voice/voice-catalog";
import { listLexicons } from "@/lib/voice/manage-lexicons";

export const metadata: Metadata = { title: { absolute: "Voice Studio · Voiceage" } };
export const dynamic = "force-dynamic";

export default async function StudioPage() {
  const user = await requireDashboardUser("/studio");
  const [voices, history, lexicons] = await Promise.all([
    loadStudioVoices(),
    listTtsGenerations({ orgId: user.orgId, limit: 20 }),
    listLexicons(user.orgId),
  ]);
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
        lexicons={lexicons.lexicons.map(({ id, name }) => ({ id, name }))}
      />
    </>
  );
}
