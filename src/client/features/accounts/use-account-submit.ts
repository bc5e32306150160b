import { useSchemaForm } from "@client/components/use-schema-form";
import { ApiError } from "@client/lib/api";
import { useState } from "react";
import type { DefaultValues, FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { authErrorMessage } from "./auth-error-message";

/**
 * An account form checked by its shared schema (@shared/schemas/account): `submit(action)` runs the
 * action only with valid values, disables the form while the request is out, and turns a failure
 * into texts: at the fields its issues name, else one text (`fallbackKey` when nothing better is known).
 */
export function useAccountForm<T extends FieldValues>(
  schema: z.ZodType,
  defaultValues: DefaultValues<T>,
  fallbackKey?: string,
) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const fields = new Set(Object.keys(defaultValues));
  const schemaForm = useSchemaForm<T>(schema, { defaultValues, isField: (name) => fields.has(name) });
  const submit = (action: (values: T) => Promise<void>) =>
    schemaForm.onSubmit(async (values) => {
      setBusy(true);
      try {
        await action(values);
      } catch (failure) {
        if (failure instanceof ApiError && failure.issues.length) schemaForm.showIssues(failure.issues);
        else schemaForm.showText(authErrorMessage(failure, t, fallbackKey));
      } finally {
        setBusy(false);
      }
    });
  return { ...schemaForm, busy, submit };
}
