import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";

/** Sets the name shown on the person's course cards; an empty text or null removes it (decision 0033). */
export function saveDisplayName(displayName: string | null) {
  return unwrap(api.profile["display-name"].$put({ json: { displayName } }));
}
