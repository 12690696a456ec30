import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { BrandingForm } from "@/components/dashboard/settings/branding-form";
import { DisplayNameForm } from "@/components/dashboard/settings/display-name-form";
import { LiveProvidersList } from "@/components/dashboard/settings/live-providers-list";
import { CardBody, TitledCard } from "@/components/ui/card";
import { describeLiveProviders } from "@/lib/verification/dashboard/describe-live-providers";
import { getOrganizationBranding } from "@/lib/account/orgs/organization-branding";
import { getOrganizationDisplayName } from "@/lib/account/orgs/organization-display-name";
import { refusalOf } from "@/lib/account/teams/roles";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { saveDisplayNameAction } from "@/lib/edge/actions/settings-actions";
import { saveBrandingAction } from "@/lib/edge/actions/branding-actions";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requireDashboardUser("/dashboard/settings");
  const displayName = await getOrganizationDisplayName(user.orgId);
  const refusal = refusalOf(user.role, "settings.edit");
  const branding = await getOrganizationBranding(user.orgId);
  return (
    <>
      <PageHeader title="Settings" description={`Settings of ${user.orgName}.`} />
      <TitledCard
        id="display-name-title"
        title="Name shown to your users"
        description="The age check page tells people who asked them to confirm their age."
      >
        <CardBody>
          {refusal ? (
            <p className="text-sm text-slate-700">
              {displayName ? `“${displayName}”` : "Not set: the age check page names your return URL's address."}{" "}
              <span className="text-slate-600">{refusal}</span>
            </p>
          ) : (
            <DisplayNameForm initial={displayName ?? ""} action={saveDisplayNameAction} />
          )}
        </CardBody>
      </TitledCard>
      <TitledCard
        id="branding-title"
        title="Your brand on the age check page"
        description="The age check page leads with your name and logo, and its main buttons take your colour."
        className="mt-6"
      >
        <CardBody>
          {refusal ? (
            <p className="text-sm text-slate-700">
              {branding.color ? `Accent colour ${branding.color}` : "The default colour"},{" "}
              {branding.logo ? "with a logo" : "no logo"}.{" "}
              <span className="text-slate-600">Your role can see these but not change them.</span>
            </p>
          ) : (
            <BrandingForm initialColor={branding.color} logo={branding.logo} action={saveBrandingAction} />
          )}
        </CardBody>
      </TitledCard>
      <TitledCard
        id="live-providers-title"
        title="Live verification methods"
        description="Who checks each method for live keys on this deployment (set by the operator; test keys simulate every method)."
        className="mt-6"
      >
        <CardBody>
          <LiveProvidersList rows={describeLiveProviders()} />
        </CardBody>
      </TitledCard>
    </>
  );
}
