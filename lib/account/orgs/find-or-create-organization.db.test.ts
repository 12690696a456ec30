// The operators' --org now that organisation names are not unique (issue 48).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { findOrCreateOrganization } from "@/lib/account/orgs/find-or-create-organization";

const unique = () => randomBytes(5).toString("hex");

describe("findOrCreateOrganization", () => {
  it("creates a new name once, even when asked for it at once", async () => {
    const name = `cli-${unique()}`;
    const orgs = await Promise.all(Array.from({ length: 4 }, () => findOrCreateOrganization(name)));
    expect(new Set(orgs.map((o) => o.id)).size).toBe(1);
    expect(await db.organization.count({ where: { name } })).toBe(1);
    expect((await findOrCreateOrganization(name)).id).toBe(orgs[0].id);
  });

  it("takes an id, and refuses an unknown id and a name several organisations share, listing them", async () => {
    const name = `twin-${unique()}`;
    const [a, b] = [newId("org"), newId("org")];
    await db.organization.createMany({
      data: [
        { id: a, name },
        { id: b, name },
      ],
    });
    expect((await findOrCreateOrganization(b)).id).toBe(b);
    await expect(findOrCreateOrganization(name)).rejects.toThrow(
      new RegExp(`2 organisations are named "${name}" \\((${a}|${b}), (${a}|${b})\\); pass --org <id>`),
    );
    await expect(findOrCreateOrganization(newId("org"))).rejects.toThrow(/No organisation has the id org_/);
    expect(await db.organization.count({ where: { name } })).toBe(2);
  });
});
