import "server-only";
import { getOrganizationBranding } from "@/lib/account/orgs/organization-branding";

/** What the hosted pages show of the organisation that asked: its name, logo and accent colour. */
export type FlowBranding = {
  /** The organisation's display name, else the return_url's host. */
  name: string;
  /** "#rrggbb", held to WCAG AA against white when it was saved (lib/account/orgs/organization-branding.ts). */
  color: string | null;
  /** The logo as a data: URL of the PNG rasterised on upload; null when none was set. */
  logo: string | null;
};

/** The branding of organisation `orgId`, named `fallbackName` when it has no display name. */
export async function loadBranding(orgId: string, fallbackName: string): Promise<FlowBranding> {
  const branding = await getOrganizationBranding(orgId);
  return { name: branding.displayName ?? fallbackName, color: branding.color, logo: branding.logo };
}
