// Operators' command line: npm run cli -- <command> [options]
import { parseArgs } from "node:util";
import { createApiKeyForOrgName } from "@/lib/account/keys/create-api-key";
import { revokeApiKey } from "@/lib/account/keys/revoke-api-key";
import { CREATE_USER_USAGE, runCreateUserCommand } from "@/lib/account/users/create-user-command";

const USAGE = `usage:
  npm run cli -- create-key --org <name or org_id> --mode test|live [--name <label>]
  npm run cli -- revoke-key <key-id-or-prefix>
  ${CREATE_USER_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "create-key": {
      const { values } = parseArgs({
        args: rest,
        options: { org: { type: "string" }, mode: { type: "string" }, name: { type: "string" } },
      });
      if (!values.org || (values.mode !== "test" && values.mode !== "live")) {
        console.error(USAGE);
        return 2;
      }
      const created = await createApiKeyForOrgName({ orgName: values.org, mode: values.mode, name: values.name });
      // The key alone on stdout, so scripts can capture it.
      process.stdout.write(`${created.key}\n`);
      return 0;
    }
    case "revoke-key": {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true });
      if (positionals.length !== 1) {
        console.error(USAGE);
        return 2;
      }
      const [revoked] = await revokeApiKey(positionals[0]);
      console.error(`revoked ${revoked}`);
      return 0;
    }
    case "create-user":
      return runCreateUserCommand(rest, {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      });
    default:
      console.error(USAGE);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`error: ${error.message}`);
    process.exit(1);
  },
);
