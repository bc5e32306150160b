import { accountKeys } from "@client/core/cache/keys";
import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import { queryOptions } from "@tanstack/react-query";

/** The signed-in person's stored settings: interface language, colour scheme and display name. */
export const profileQuery = (userId: string) =>
  queryOptions({ queryKey: accountKeys.profile(userId), queryFn: () => unwrap(api.profile.$get()) });
