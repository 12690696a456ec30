import "server-only";
import { getVoiceCatalog, type VoiceCatalog } from "@/lib/voice/voice-catalog";

/** GET /health/details: which speech engines answered their start-up probe, and why not. */
export async function healthDetails(catalog: VoiceCatalog = getVoiceCatalog()) {
  const engines = (await catalog.provider.engineStatus?.()) ?? [];
  return {
    ok: engines.length === 0 || engines.some((e) => e.available),
    service: "voice-prompt",
    provider: catalog.provider.id,
    engines,
  };
}
