import "server-only";
import { db } from "@/lib/db";

/** What the hosted pages show of the organisation that asked: its name, logo and accent colour. */
export type FlowBranding = {
  /** The organisation's display name, else the return_url's host. */
  name: string;
  /** "#rrggbb", already held to WCAG AA against white when it was saved (lib/orgs/accent-colour.ts). */
  color: string | null;
  /** The logo as a data: URL of the PNG rasterised on upload; null when none was set. */
  logo: string | null;
};

/** The branding of organisation `orgId`, named `fallbackName` when it has no display name. */
export async function loadBranding(orgId: string, fallbackName: string): Promise<FlowBranding> {
  const org = await db.organization.findUnique({
    where: { id: orgId },
    select: { displayName: true, brandColor: true, logoPng: true },
  });
  return {
    name: org?.displayName ?? fallbackName,
    color: org?.brandColor ?? null,
    logo: org?.logoPng ? `data:image/png;base64,${Buffer.from(org.logoPng).toString("base64")}` : null,
  };
}
