// The bare Node baseline: node:http answering the same JSON as the empty route handler, in a
// process of its own (as the app is), so it does not share an event loop with the load generator.
// Usage: node bench/lib/bare-node-server.mjs <json>; prints the port once listening.
import http from "node:http";

const body = Buffer.from(process.argv[2] ?? "{}");
const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length });
    res.end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
