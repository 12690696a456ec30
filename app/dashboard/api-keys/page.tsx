import type { Metadata } from "next";
import { CreateKeyForm } from "@/components/dashboard/api-keys/create-key-form";
import { RevokeKeyButton } from "@/components/dashboard/api-keys/revoke-key-button";
import { RollKeyButton } from "@/components/dashboard/api-keys/roll-key-button";
import { ModeBadge } from "@/components/dashboard/badges";
import { PageHeader } from "@/components/dashboard/page-header";
import { TableCard } from "@/components/dashboard/table-card";
import { Badge } from "@/components/ui/badge";
import { CardBody, TitledCard } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Td, Tr } from "@/components/ui/table";
import { listApiKeys } from "@/lib/account/keys/list-api-keys";
import { can, refusalOf, revealPermission } from "@/lib/account/teams/roles";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const user = await requireDashboardUser("/dashboard/api-keys");
  const keys = await listApiKeys(user.orgId);

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys authenticate your backend to the Age Verification API (Authorization: Bearer) and the Voice API (x-api-key). Test keys use simulated checks and are never billed."
      />
      <div className="space-y-6">
        <TitledCard id="create-key-title" title="Create a key">
          <CardBody>
            <CreateKeyForm liveRefusal={refusalOf(user.role, "keys.live.reveal")} />
          </CardBody>
        </TitledCard>

        <TableCard
          id="keys-title"
          title="Your keys"
          description={`${keys.filter((k) => !k.revokedAt).length} active`}
          label="API keys"
          columns={[
            { label: "Name" },
            { label: "Key", className: "hidden sm:table-cell" },
            { label: "Created", className: "hidden md:table-cell" },
            { label: "Last used", className: "hidden sm:table-cell" },
          ]}
          empty={
            keys.length === 0
              ? {
                  title: "No API keys yet",
                  description:
                    "Create a test key above to start calling the API. You'll see the full key once, right after creating it.",
                }
              : null
          }
        >
          {keys.map((key) => {
            const label = `${key.name || "key"} (${key.prefix}…${key.last4})`;
            return (
              <Tr key={key.id} className={key.revokedAt ? "text-slate-500" : undefined}>
                <Td>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{key.name || "Unnamed key"}</span>
                    <ModeBadge mode={key.mode} />
                    {key.revokedAt ? <Badge tone="neutral">Revoked</Badge> : null}
                    {key.expiresAt && !key.revokedAt ? <Badge tone="warning">Rolled</Badge> : null}
                  </div>
                  {key.expiresAt && !key.revokedAt ? (
                    <p className="mt-1 text-xs text-amber-900">
                      Stops working <DateTime value={key.expiresAt} />
                    </p>
                  ) : null}
                  {/* On phones the key and its last use sit under the name instead of in columns. */}
                  <div className="mt-1 space-y-0.5 text-xs text-slate-600 sm:hidden">
                    <code className="block font-mono">
                      {key.prefix}…{key.last4}
                    </code>
                    <span className="block">
                      Last used: {key.lastUsedAt ? <DateTime value={key.lastUsedAt} /> : "never"}
                    </span>
                  </div>
                </Td>
                <Td className="hidden sm:table-cell">
                  <code className="font-mono text-xs whitespace-nowrap">
                    {key.prefix}…{key.last4}
                  </code>
                </Td>
                <Td className="hidden whitespace-nowrap md:table-cell">
                  <DateTime value={key.createdAt} />
                </Td>
                <Td className="hidden whitespace-nowrap sm:table-cell">
                  {key.lastUsedAt ? <DateTime value={key.lastUsedAt} /> : <span className="text-slate-500">Never</span>}
                </Td>
                <Td className="text-right">
                  {/* The roll dialog stays mounted whatever the row becomes (rolled, revoked), so
                      the replacement it shows once is not lost when the list refreshes. */}
                  <div className="flex flex-wrap items-start justify-end gap-2">
                    {key.revokedAt ? (
                      <span className="text-xs whitespace-nowrap">
                        Revoked <DateTime value={key.revokedAt} />
                      </span>
                    ) : null}
                    <RollKeyButton
                      id={key.id}
                      label={label}
                      canRoll={!key.revokedAt && !key.expiresAt && can(user.role, revealPermission("keys", key.mode))}
                    />
                    {key.revokedAt ? null : <RevokeKeyButton id={key.id} label={label} />}
                  </div>
                </Td>
              </Tr>
            );
          })}
        </TableCard>
      </div>
    </>
  );
}
