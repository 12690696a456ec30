import type { ComponentProps } from "react";
import { cx } from "@/components/ui/cx";
import { Field, Input } from "@/components/ui/field";

/**
 * One text or date field of a list page's GET form, labelled like FilterSelect. The first field
 * in error takes the focus when the page loads (`autoFocusError`), so a search that cannot run
 * is announced and ready to correct.
 */
export function FilterInput({
  id,
  label,
  hint,
  error,
  autoFocusError,
  className,
  ...input
}: Omit<ComponentProps<"input">, "id"> & {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  autoFocusError?: boolean;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} compact className={cx("min-w-0", className)}>
      {(props) => <Input {...props} autoFocus={Boolean(error && autoFocusError)} {...input} />}
    </Field>
  );
}
