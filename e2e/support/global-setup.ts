// Starts the test stack (fresh database + built app) once for the browser tests and shares
// its addresses through the environment.
import { startTestStack } from "../../tests/support/test-stack";

export default async function globalSetup() {
  const stack = await startTestStack();
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.DATABASE_URL_E2E = stack.databaseUrl;
  process.env.E2E_CA_CERT = stack.caCertPath;
  return async () => stack.stop();
}
