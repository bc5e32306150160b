/**
 * Whether what a person typed to confirm a deletion names what goes: spaces typed before or after
 * (a paste often brings one) do not count; anything else must be exact. Names are stored trimmed.
 */
export function namesMatch(typed: string, name: string): boolean {
  return typed.trim() === name.trim();
}
