"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";

/**
 * A form's field errors as the reader should meet them: when a submission comes back with
 * errors, the focus moves to the first field in error (on a phone it would otherwise stay on
 * the page body); once the reader edits a field, its error from that submission is no longer
 * shown (a stale "already exists" under an emptied field says nothing true). The form spreads
 * `formProps`; each control carries a `name`, and reads its message with `errorOf(name)`.
 */
export function useFieldErrors(errors: Record<string, string> | undefined) {
  const ref = useRef<HTMLFormElement>(null);
  const [edited, setEdited] = useState<{ of: typeof errors; names: ReadonlySet<string> }>({
    of: undefined,
    names: new Set(),
  });
  useEffect(() => {
    if (errors && Object.keys(errors).length > 0)
      ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const names = edited.of === errors ? edited.names : new Set<string>();
  return {
    formProps: {
      ref,
      onInput: (event: FormEvent<HTMLFormElement>) => {
        const field = event.target;
        const name =
          field instanceof HTMLInputElement ||
          field instanceof HTMLTextAreaElement ||
          field instanceof HTMLSelectElement
            ? field.name
            : "";
        if (name && errors?.[name] && !names.has(name)) setEdited({ of: errors, names: new Set([...names, name]) });
      },
    },
    errorOf: (name: string) => (names.has(name) ? undefined : errors?.[name]),
  };
}
