// A real SMTP server on loopback that keeps what it receives, parsed: the mail tests send
// through it as through any relay (the network's edge, so no mock of Nodemailer).
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SmtpReceiver = {
  /** smtp://user:password@127.0.0.1:port, the SMTP_URL that reaches it. */
  url: string;
  received: ParsedMail[];
  stop: () => Promise<void>;
};

/**
 * Accepts mail from `user`/`password` (plain text on loopback: no TLS to set up), refusing
 * recipients that `refuse` names with a 550 as a relay would.
 */
export async function startSmtpReceiver(
  options: { user?: string; password?: string; refuse?: (address: string) => boolean } = {},
): Promise<SmtpReceiver> {
  const user = options.user ?? "mailer";
  const password = options.password ?? "relay-password";
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    received,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
