// A throwaway certificate authority for tests: the app under test trusts it through
// NODE_EXTRA_CA_CERTS, so tests can run real HTTPS webhook receivers on loopback.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

export type TestCertificates = { caCertPath: string; cert: string; key: string };

export function ensureTestCertificates(dir = ".data/test-ca"): TestCertificates {
  const abs = path.resolve(dir);
  const files = {
    caKey: path.join(abs, "ca.key"),
    caCert: path.join(abs, "ca.crt"),
    key: path.join(abs, "server.key"),
    csr: path.join(abs, "server.csr"),
    cert: path.join(abs, "server.crt"),
    ext: path.join(abs, "server.ext"),
  };
  if (!existsSync(files.cert)) {
    mkdirSync(abs, { recursive: true });
    const run = (...args: string[]) => execFileSync("openssl", args, { stdio: "ignore" });
    run(
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      files.caKey,
      "-out",
      files.caCert,
      "-days",
      "3650",
      "-subj",
      "/CN=Voiceage Test CA",
    );
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", files.key, "-out", files.csr, "-subj", "/CN=localhost");
    writeFileSync(files.ext, "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n");
    run(
      "x509",
      "-req",
      "-in",
      files.csr,
      "-CA",
      files.caCert,
      "-CAkey",
      files.caKey,
      "-CAcreateserial",
      "-out",
      files.cert,
      "-days",
      "3650",
      "-extfile",
      files.ext,
    );
  }
  return { caCertPath: files.caCert, cert: readFileSync(files.cert, "utf8"), key: readFileSync(files.key, "utf8") };
}

/**
 * A PEM bundle of the CAs already in `existing` (a NODE_EXTRA_CA_CERTS path, if any) plus the
 * test CA, for processes that must trust both; the test CA's own path when there is nothing else.
 */
export function extraCaBundleWithTestCa(caCertPath: string, existing: string | undefined): string {
  if (!existing || path.resolve(existing) === caCertPath || !existsSync(existing)) return caCertPath;
  const bundle = path.join(path.dirname(caCertPath), "extra-ca-bundle.pem");
  // Written aside and renamed: concurrent test runs never see a half-written bundle.
  const temporary = `${bundle}.${process.pid}`;
  writeFileSync(temporary, `${readFileSync(existing, "utf8").trimEnd()}\n${readFileSync(caCertPath, "utf8")}`);
  renameSync(temporary, bundle);
  return bundle;
}
