"use client";
import { useActionState, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import type { BrandingState } from "@/lib/edge/actions/branding-actions";

/** MAX_LOGO_BYTES of lib/account/orgs/organization-branding.ts (a server module). */
const MAX_LOGO_UPLOAD_BYTES = 512 * 1024;

/** The hosted flow's logo and accent colour (Settings). */
export function BrandingForm(props: {
  initialColor: string | null;
  logo: string | null;
  action: (previous: BrandingState, form: FormData) => Promise<BrandingState>;
}) {
  const [state, formAction, pending] = useActionState(props.action, null);
  // A file over the limit is refused here: the server's request size limit would cut it off first.
  const [tooLarge, setTooLarge] = useState<{ logo: string } | undefined>();
  const fieldErrors = useMemo(
    () => tooLarge ?? (state && !state.ok ? (state.fieldErrors ?? {}) : undefined),
    [state, tooLarge],
  );
  const { formProps, errorOf } = useFieldErrors(fieldErrors);
  return (
    <form
      {...formProps}
      action={formAction}
      className="max-w-md space-y-4"
      onSubmit={(event) => {
        const file = new FormData(event.currentTarget).get("logo");
        const big = file instanceof File && file.size > MAX_LOGO_UPLOAD_BYTES;
        setTooLarge(big ? { logo: "The logo must be at most 512 KB." } : undefined);
        if (big) event.preventDefault();
      }}
    >
      {props.logo ? (
        <div className="flex items-center gap-4">
          {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL of the stored PNG */}
          <img src={props.logo} alt="Your current logo" className="h-8 w-auto max-w-32 object-contain" />
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="remove_logo" className="size-4" /> Remove the logo
          </label>
        </div>
      ) : null}
      <Field
        id="brand-logo"
        label={props.logo ? "Replace the logo" : "Logo"}
        hint="PNG, JPEG or SVG, at most 512 KB. We convert it to a small PNG (64 px high); SVG files that refer to anything outside themselves are refused."
        error={errorOf("logo")}
      >
        {(field) => <Input {...field} type="file" name="logo" accept="image/png,image/jpeg,image/svg+xml,.svg" />}
      </Field>
      <Field
        id="brand-color"
        label="Accent colour"
        hint="A hex code such as #0b5cad, for the main buttons. It must keep WCAG AA contrast (4.5:1) with white text. Leave empty for the default blue."
        error={errorOf("color")}
      >
        {(field) => (
          <Input
            {...field}
            name="color"
            maxLength={7}
            defaultValue={props.initialColor ?? ""}
            placeholder="#075985"
            spellCheck={false}
          />
        )}
      </Field>
      <Button type="submit" pending={pending}>
        Update brand
      </Button>
      {state?.ok ? (
        <Alert tone="success" title="Saved.">
          The age check page now uses {state.value.color ? `the colour ${state.value.color}` : "the default colour"}
          {state.value.logo === "removed"
            ? " and no logo"
            : state.value.logo === "replaced"
              ? " and your new logo"
              : ""}
          .
        </Alert>
      ) : null}
      {state && !state.ok && !state.fieldErrors ? (
        <Alert tone="error" title="Not saved.">
          {state.error}
        </Alert>
      ) : null}
    </form>
  );
}
