/** The Request-Id header every answer of both APIs carries (proxy.ts), as a reusable header. */
export const requestIdHeader = {
  required: true,
  description: "This request's id (req_ + 24 characters), as in the server's logs: quote it to support.",
  schema: { type: "string", pattern: "^req_[A-Za-z0-9]{24}$" },
};
