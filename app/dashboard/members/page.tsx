import type { Metadata } from "next";
import { LeaveOrganizationButton } from "@/components/dashboard/members/leave-organization-button";
import { InviteMemberForm } from "@/components/dashboard/members/invite-member-form";
import { MemberRoleSelect } from "@/components/dashboard/members/member-role-select";
import { RemoveMemberButton } from "@/components/dashboard/members/remove-member-button";
import { ResendInvitationButton } from "@/components/dashboard/members/resend-invitation-button";
import { RevokeInvitationButton } from "@/components/dashboard/members/revoke-invitation-button";
import { PageHeader } from "@/components/dashboard/page-header";
import { TableCard } from "@/components/dashboard/table-card";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { CardBody, TitledCard } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Td, Tr } from "@/components/ui/table";
import { listTeam } from "@/lib/account/teams/list-team";
import { can, manageableRoles, ROLE_LABELS } from "@/lib/account/teams/roles";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const user = await requireDashboardUser("/dashboard/members");
  const { members, invitations } = await listTeam(user.orgId);
  const manages = manageableRoles(user.role);
  const onlyOwner = user.role === "owner" && members.filter((m) => m.role === "owner").length === 1;

  return (
    <>
      <PageHeader
        title="Members"
        description={`People who can sign in to ${user.orgName}. Owners and admins invite and manage members; developers use everything else but cannot see live secrets.`}
      />
      <div className="space-y-6">
        {can(user.role, "members.manage") ? (
          <TitledCard
            id="invite-title"
            title="Invite a member"
            description="They get an email with a link that works once, for 7 days."
          >
            <CardBody>
              <InviteMemberForm roles={manages} />
            </CardBody>
          </TitledCard>
        ) : (
          <Alert tone="info" title={`You are a ${ROLE_LABELS[user.role].toLowerCase()} of ${user.orgName}`}>
            Only owners and admins can invite, change or remove members. Ask one of them below.
          </Alert>
        )}

        <TableCard
          id="members-title"
          title="Members"
          description={`${members.length} ${members.length === 1 ? "member" : "members"}`}
          label="Members"
          columns={[{ label: "Member" }, { label: "Role" }, { label: "Joined", className: "hidden sm:table-cell" }]}
          empty={null}
        >
          {members.map((member) => {
            const isYou = member.userId === user.id;
            const editable = manages.includes(member.role);
            return (
              <Tr key={member.userId}>
                <Td>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-all">{member.name ?? member.email}</span>
                    {isYou ? <Badge tone="accent">You</Badge> : null}
                  </div>
                  {member.name ? <p className="text-xs break-all text-slate-600">{member.email}</p> : null}
                </Td>
                <Td>
                  <div className="flex flex-col items-start gap-2">
                    {editable ? (
                      <MemberRoleSelect
                        userId={member.userId}
                        email={member.email}
                        role={member.role}
                        roles={manages}
                      />
                    ) : (
                      <Badge tone={member.role === "owner" ? "info" : "neutral"}>{ROLE_LABELS[member.role]}</Badge>
                    )}
                    {/* On phones the remove button sits under the role, leaving the member's address room. */}
                    {editable ? (
                      <div className="sm:hidden">
                        <RemoveMemberButton userId={member.userId} email={member.email} orgName={user.orgName} />
                      </div>
                    ) : null}
                  </div>
                </Td>
                <Td className="hidden whitespace-nowrap sm:table-cell">
                  <DateTime value={member.joinedAt} />
                </Td>
                <Td className="hidden text-right sm:table-cell">
                  {editable ? (
                    <RemoveMemberButton userId={member.userId} email={member.email} orgName={user.orgName} />
                  ) : null}
                </Td>
              </Tr>
            );
          })}
        </TableCard>

        <TableCard
          id="invitations-title"
          title="Pending invitations"
          description="Invitations not yet accepted. Resend mails a new link (the earlier one stops working), twice a day at most."
          label="Pending invitations"
          columns={[
            { label: "Email" },
            { label: "Role", className: "hidden sm:table-cell" },
            { label: "Expires", className: "hidden md:table-cell" },
          ]}
          empty={
            invitations.length === 0
              ? {
                  title: "No pending invitations",
                  description: "Invitations you send show here until they are accepted.",
                }
              : null
          }
        >
          {invitations.map((invitation) => (
            <Tr key={invitation.id}>
              <Td>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-all">{invitation.email}</span>
                  {invitation.expired ? <Badge tone="warning">Expired</Badge> : null}
                </div>
                <p className="text-xs text-slate-600">
                  <span className="sm:hidden">{ROLE_LABELS[invitation.role]} · </span>
                  {invitation.invitedBy ? `Invited by ${invitation.invitedBy}` : "Invited"}
                </p>
              </Td>
              <Td className="hidden sm:table-cell">{ROLE_LABELS[invitation.role]}</Td>
              <Td className="hidden whitespace-nowrap md:table-cell">
                <DateTime value={invitation.expiresAt} />
              </Td>
              <Td className="text-right">
                {manages.includes(invitation.role) ? (
                  <div className="flex flex-wrap items-start justify-end gap-2">
                    <ResendInvitationButton id={invitation.id} email={invitation.email} />
                    <RevokeInvitationButton id={invitation.id} email={invitation.email} />
                  </div>
                ) : null}
              </Td>
            </Tr>
          ))}
        </TableCard>

        <TitledCard
          id="leave-title"
          title="Leave this organisation"
          description={`Stop being a member of ${user.orgName}. Your account and your other organisations stay.`}
        >
          <CardBody>
            {onlyOwner ? (
              <p className="text-sm text-slate-700">
                You are the only owner of {user.orgName}, and an organisation needs one. To leave, make another member
                an owner first.
              </p>
            ) : (
              <LeaveOrganizationButton orgId={user.orgId} orgName={user.orgName} />
            )}
          </CardBody>
        </TitledCard>
      </div>
    </>
  );
}
