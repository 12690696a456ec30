// Leaving an organisation against the real database: any role may leave, the last owner may
// not (in words), the account keeps its other organisations, and leaving one organisation
// touches no other's memberships.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { createOrganizationForUser } from "@/lib/account/teams/create-organization";
import { TeamError } from "@/lib/account/teams/errors";
import { leaveOrganization } from "@/lib/account/teams/leave-organization";
import type { Role } from "@/lib/account/teams/roles";
import { newOrganization } from "../../../tests/support/fixtures";

async function newUser() {
  return db.user.create({ data: { id: newId("usr"), email: `leave-${randomBytes(5).toString("hex")}@example.com` } });
}

async function join(userId: string, orgId: string, role: Role) {
  await db.membership.create({ data: { userId, orgId, role } });
}

const memberships = (userId: string) =>
  db.membership.findMany({ where: { userId }, select: { orgId: true }, orderBy: { createdAt: "asc" } });

describe("leaveOrganization", () => {
  it("lets a developer or admin leave, keeping their other organisations, oldest first", async () => {
    const first = await newOrganization("leave");
    const second = await newOrganization("leave");
    const third = await newOrganization("leave");
    const user = await newUser();
    await join(user.id, first.id, "owner");
    await join(user.id, second.id, "developer");
    await join(user.id, third.id, "admin");

    expect(await leaveOrganization({ userId: user.id, orgId: second.id })).toEqual({
      remaining: [
        { id: first.id, name: first.name },
        { id: third.id, name: third.name },
      ],
    });
    expect(await leaveOrganization({ userId: user.id, orgId: third.id })).toEqual({
      remaining: [{ id: first.id, name: first.name }],
    });
    expect(await memberships(user.id)).toEqual([{ orgId: first.id }]);
  });

  it("refuses the last owner in words, and lets an owner leave once another owner exists", async () => {
    const org = await newOrganization("leave");
    const owner = await newUser();
    const other = await newUser();
    await join(owner.id, org.id, "owner");
    await join(other.id, org.id, "admin");

    const refusal = await leaveOrganization({ userId: owner.id, orgId: org.id }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TeamError);
    expect(refusal).toMatchObject({ code: "last_owner" });
    expect((refusal as TeamError).message).toBe(
      `You are the only owner of ${org.name}, and an organisation needs one. Make another member an owner on this page first, then leave.`,
    );
    expect(await db.membership.count({ where: { orgId: org.id } })).toBe(2);

    await db.membership.update({
      where: { userId_orgId: { userId: other.id, orgId: org.id } },
      data: { role: "owner" },
    });
    expect(await leaveOrganization({ userId: owner.id, orgId: org.id })).toEqual({ remaining: [] });
    expect(await db.membership.findMany({ where: { orgId: org.id }, select: { userId: true, role: true } })).toEqual([
      { userId: other.id, role: "owner" },
    ]);
  });

  it("refuses an organisation the user is not a member of and changes no one else's membership", async () => {
    const mine = await newOrganization("leave");
    const theirs = await newOrganization("leave");
    const user = await newUser();
    const stranger = await newUser();
    await join(user.id, mine.id, "developer");
    await join(stranger.id, theirs.id, "developer");
    await join(stranger.id, mine.id, "developer");

    await expect(leaveOrganization({ userId: user.id, orgId: theirs.id })).rejects.toMatchObject({
      code: "not_a_member",
    });
    expect(await db.membership.count({ where: { orgId: theirs.id } })).toBe(1);

    await leaveOrganization({ userId: user.id, orgId: mine.id });
    expect(await memberships(user.id)).toEqual([]);
    expect(await memberships(stranger.id)).toEqual([{ orgId: theirs.id }, { orgId: mine.id }]);
  });
});

describe("createOrganizationForUser", () => {
  it("makes the user the owner of a new organisation; a name another one has is allowed (names say nothing)", async () => {
    const user = await newUser();
    const name = `fresh-${randomBytes(5).toString("hex")}`;
    const org = await createOrganizationForUser(user.id, name);
    expect(org.name).toBe(name);
    expect(await db.membership.findMany({ where: { userId: user.id }, select: { orgId: true, role: true } })).toEqual([
      { orgId: org.id, role: "owner" },
    ]);
    const second = await createOrganizationForUser(user.id, name);
    expect(second.id).not.toBe(org.id);
    expect(await db.organization.count({ where: { name } })).toBe(2);
  });
});
