import http from "node:http";
import https from "node:https";

let pinned = false;

/**
 * Route handlers under `next start` never see the socket, and Next.js only fills in
 * X-Forwarded-For from the peer when the client did not send one, so a client could pick its own
 * rate-limit bucket. With no trusted proxy, overwrite the header with the socket's peer address
 * before Next.js reads the request (and drop X-Real-IP, which nothing of ours sets).
 */
export function pinForwardedForToPeer() {
  if (pinned) return;
  pinned = true;
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit;
    Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      const [req] = args;
      if (event === "request" && req instanceof http.IncomingMessage) {
        req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
        delete req.headers["x-real-ip"];
      }
      return Reflect.apply(emit, this, [event, ...args]);
    };
  }
}
