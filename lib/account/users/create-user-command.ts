import "server-only";
import { parseArgs } from "node:util";
import { randomBase62 } from "@/lib/platform/ids";
import { createUserInOrganization } from "@/lib/account/users/create-user";
import { AccountError } from "@/lib/account/users/errors";
import { emailSchema, newPasswordSchema, organizationNameSchema } from "@/lib/account/users/schemas";
import { errorMessage } from "@/lib/platform/narrow";

export const CREATE_USER_USAGE =
  "npm run cli -- create-user --email <address> --org <name or org_id> [--password <password>] [--name <full name>]";

type Output = { out: (line: string) => void; err: (line: string) => void };

/**
 * `create-user` for operators: prompt-free, so it runs in provisioning scripts. The user id
 * goes to stdout; messages, and a generated password when none was given, go to stderr.
 */
export async function runCreateUserCommand(args: string[], output: Output): Promise<number> {
  let values: { email?: string; org?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        email: { type: "string" },
        org: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
      },
    }));
  } catch (error) {
    output.err(`${errorMessage(error)}\nusage: ${CREATE_USER_USAGE}`);
    return 2;
  }
  const email = emailSchema.safeParse(values.email ?? "");
  const org = organizationNameSchema.safeParse(values.org ?? "");
  const generated = values.password === undefined;
  const password = newPasswordSchema.safeParse(values.password ?? randomBase62(20));
  const problems = [
    !email.success && `--email: ${email.error.issues[0].message}`,
    !org.success && `--org: ${org.error.issues[0].message}`,
    !password.success && `--password: ${password.error.issues[0].message}`,
  ].filter(Boolean);
  if (!email.success || !org.success || !password.success) {
    output.err(`${problems.join("\n")}\nusage: ${CREATE_USER_USAGE}`);
    return 2;
  }
  try {
    const user = await createUserInOrganization({
      email: email.data,
      organization: org.data,
      password: password.data,
      name: values.name,
    });
    output.out(user.id);
    output.err(`created ${user.email} in organisation "${user.orgName}" (${user.orgId})`);
    if (generated) output.err(`password: ${password.data}`);
    return 0;
  } catch (error) {
    if (error instanceof AccountError) {
      output.err(`error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
