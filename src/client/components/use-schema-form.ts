/**
 * A form checked by a shared zod schema through react-hook-form (decision 0031): every invalid
 * field is marked at once, the focus goes to the first of them, each field's error clears as it is
 * corrected, and a server refusal's issues land on the same fields.
 */
import { type IssuePathMap, placeIssues, samePath } from "@client/lib/form-issues";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ApiIssue, messageKey } from "@shared/errors";
import { type BaseSyntheticEvent, useCallback, useEffect, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  useForm,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

interface SchemaFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>;
  /** The names the form shows errors at ("name", "cards.2.question"): where a server issue may land. */
  isField(name: string): boolean;
}

/** A field error set from a server issue carries its text already translated. */
const SERVER = "server";

export function useSchemaForm<T extends FieldValues>(
  // The schema takes the form's values as they are (extra fields are stripped by zod, not refused).
  schema: z.ZodType,
  { defaultValues, isField }: SchemaFormOptions<T>,
) {
  const { t } = useTranslation();
  const form = useForm<T>({
    // raw: the submit handler gets the values as typed; it sends what the schema would make of them.
    resolver: zodResolver(schema as never, undefined, { raw: true }) as never,
    defaultValues,
    mode: "onSubmit",
    // After a submit, each field is checked again as it changes: its error goes once it is right.
    reValidateMode: "onChange",
    // Focused here instead (focusFirst), in the page's order.
    shouldFocusError: false,
  });
  const [general, setGeneral] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors } = form.formState;

  // The field to focus once it is marked (aria-invalid), so its error is read out with it. The
  // library publishes a submit's errors a moment after its callback, hence the wait for the mark.
  const focusTarget = useRef<string | null>(null);
  useEffect(() => {
    const name = focusTarget.current;
    if (!name) return;
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
    if (!element) focusTarget.current = null;
    else if (element.getAttribute("aria-invalid") === "true") {
      focusTarget.current = null;
      element.focus();
    }
  });
  /** The first field in the page's order (not in registration order: rows are added later) that `invalid` names. */
  const focusFirst = (invalid: (name: string) => boolean) => {
    const elements = [...(formRef.current?.elements ?? [])] as HTMLInputElement[];
    focusTarget.current = elements.find((element) => element.name && invalid(element.name))?.name ?? null;
  };

  const text = useCallback(
    (error: FieldError) => (error.type === SERVER ? (error.message ?? "") : t(messageKey(error.message ?? ""))),
    [t],
  );

  const fieldError = (name: string): string | undefined => {
    const error = get(errors, name) as FieldError | undefined;
    return error?.message ? text(error) : undefined;
  };

  /** Issues of a refusal: on their fields (mapped by `map`), the rest in the form's alert. */
  const showIssues = (issues: readonly ApiIssue[], map: IssuePathMap = samePath) => {
    const placed = placeIssues(issues, isField, map);
    for (const { field, key, params } of placed.fields) {
      form.setError(field as Path<T>, { type: SERVER, message: t(key, params ?? {}) });
    }
    setGeneral([...new Set(placed.general.map(({ key, params }) => t(key, params ?? {})))]);
    const names = new Set(placed.fields.map(({ field }) => field));
    focusFirst((name) => names.has(name));
  };

  /** One text for the form as a whole (or none). */
  const showText = (message: string | null | undefined) => setGeneral(message ? [message] : []);

  /** The form's submit handler: `onValid` runs only when the schema accepts the values. */
  const onSubmit = (onValid: (values: T) => unknown) => (event?: BaseSyntheticEvent) =>
    form.handleSubmit(
      async (values) => {
        setGeneral([]);
        await onValid(values);
      },
      (invalid) => {
        setGeneral([]);
        focusFirst((name) => Boolean(get(invalid, name)));
      },
    )(event);

  // The alert says every distinct text once, so it is announced even where a field shows it too.
  const alert = [...new Set([...general, ...errorTexts(errors, text)])];

  return { form, formRef, fieldError, alert, showIssues, showText, onSubmit };
}

/** Every error's text in the errors tree (a field array's rows and its own `root` error included). */
function errorTexts(errors: FieldErrors, text: (error: FieldError) => string): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const error = node as FieldError;
    if (typeof error.message === "string" && typeof error.type === "string") {
      out.push(text(error));
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== "ref") walk(child);
  };
  walk(errors);
  return out;
}
