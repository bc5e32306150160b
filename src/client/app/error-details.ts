import type { TFunction } from "i18next";
import { isRouteErrorResponse } from "react-router";
import { ApiError } from "../lib/api";

/**
 * The error page's details: in the person's language where they are about the server (an
 * ApiError's message, such as "Unexpected reply (500).", is English for the console). A fault in
 * our own code keeps its name and stack, which is what a bug report needs.
 */
export function errorDetails(error: unknown, t: TFunction): string {
  if (isRouteErrorResponse(error)) return t("theme.error_status", { status: error.status });
  if (error instanceof ApiError) {
    const text = t(`errors.${error.code}`);
    return error.status > 0 ? `${text}\n${t("theme.error_status", { status: error.status })}` : text;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ""}`;
  return String(error);
}
