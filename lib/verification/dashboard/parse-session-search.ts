// What the Sessions page's search box asks for. Importable by client and server.
import { hasIdShape } from "@/lib/platform/ids";

export type SessionSearch =
  { kind: "id"; id: string } | { kind: "metadata"; key: string; value: string } | { kind: "invalid"; message: string };

/**
 * Reads the search box: a session id (`vs_…`, exact) or metadata as `key:value` (exact key and
 * value, as sent to the API, e.g. `order:1003`). Anything else is a sentence saying what the
 * box takes, shown next to it.
 */
export function parseSessionSearch(raw: string): SessionSearch {
  const query = raw.trim();
  // PostgreSQL refuses NUL in text (22021), and no id or metadata the API accepts holds a
  // control character, so none is searched for.
  if (/\p{Cc}/u.test(query)) {
    return { kind: "invalid", message: "The search cannot contain control characters. Type or paste it again." };
  }
  if (/^vs_/i.test(query)) {
    return hasIdShape("vs", query)
      ? { kind: "id", id: query }
      : {
          kind: "invalid",
          message: "That is not a whole session id. Paste the full id, e.g. vs_4f2a…, as the API returned it.",
        };
  }
  const colon = query.indexOf(":");
  if (colon <= 0 || colon === query.length - 1) {
    return {
      kind: "invalid",
      message: "Search by a session id (vs_…) or by metadata as key:value, for example order:1003.",
    };
  }
  return { kind: "metadata", key: query.slice(0, colon).trim(), value: query.slice(colon + 1).trim() };
}

export type SessionSearchFilter = {
  id?: string;
  metadata?: { key: string; value: string };
  createdFrom?: Date;
  createdBefore?: Date;
};

const DAY_MS = 86_400_000;

// Days the list can be searched by: sessions cannot predate the Unix epoch, and PostgreSQL's
// timestamps cannot hold year 0 or a year past 9999 in the ISO form Prisma sends (22008).
const FIRST_DAY = "1970-01-01";
const LAST_DAY = "9999-12-31";
const DAY_RANGE_MESSAGE = `Choose a day from ${FIRST_DAY} to ${LAST_DAY}.`;
const inDayRange = (day: string) => day >= FIRST_DAY && day <= LAST_DAY;

/**
 * The Sessions page's search as list filters, and a sentence for each field that cannot be
 * searched as given (that part of the search is then left out, never guessed at). `from` and
 * `to` are whole UTC days, both included.
 */
export function sessionSearchFilter(query: { q?: string; from?: string; to?: string }): {
  filter: SessionSearchFilter;
  errors: { q?: string; from?: string; to?: string };
} {
  const filter: SessionSearchFilter = {};
  const errors: { q?: string; from?: string; to?: string } = {};
  if (query.q !== undefined && query.q.trim() !== "") {
    const search = parseSessionSearch(query.q);
    if (search.kind === "id") filter.id = search.id;
    else if (search.kind === "metadata") filter.metadata = { key: search.key, value: search.value };
    else errors.q = search.message;
  }
  let fromDay = query.from;
  let toDay = query.to;
  if (fromDay !== undefined && !inDayRange(fromDay)) {
    errors.from = DAY_RANGE_MESSAGE;
    fromDay = undefined;
  }
  if (toDay !== undefined && !inDayRange(toDay)) {
    errors.to = DAY_RANGE_MESSAGE;
    toDay = undefined;
  }
  const from = fromDay ? new Date(`${fromDay}T00:00:00Z`) : undefined;
  // Up to the last day is no bound at all: the day after it is past what PostgreSQL takes.
  const before = toDay && toDay !== LAST_DAY ? new Date(new Date(`${toDay}T00:00:00Z`).getTime() + DAY_MS) : undefined;
  if (from && before && before.getTime() <= from.getTime()) {
    errors.to = "The end date is before the start date. Choose a day on or after it.";
  } else {
    if (from) filter.createdFrom = from;
    if (before) filter.createdBefore = before;
  }
  return { filter, errors };
}
