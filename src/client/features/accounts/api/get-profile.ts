import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

export function getProfile() {
  return unwrap(api.profile.$get());
}
