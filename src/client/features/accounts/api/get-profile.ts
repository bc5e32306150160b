import { api, unwrap } from "../../../lib/api";

export function getProfile() {
  return unwrap(api.profile.$get());
}
