/**
 * Text that PostgreSQL `text` columns accept. They refuse NUL ("invalid byte sequence"), and a
 * lone UTF-16 surrogate is no character at all; both become U+FFFD, one for one, so the text
 * keeps its length and everything else in it. For text we record but do not control, such as
 * a webhook receiver's response body or an error message: one such character must not fail
 * the whole write it is part of.
 */
export function toStorableText(value: string): string {
  return value.toWellFormed().replaceAll("\u0000", "\uFFFD");
}

/** toStorableText, passing null through. */
export function toStorableTextOrNull(value: string | null): string | null {
  return value === null ? null : toStorableText(value);
}
