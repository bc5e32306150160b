/**
 * Where a form shows each issue of a refusal (decision 0031): at the field its path names, else
 * with the form as a whole. Pure, so it is unit-tested; `useSchemaForm` applies the result.
 */
import type { ApiIssue } from "@shared/errors";

export type IssuePath = readonly (string | number)[];

/** A form's own name for a request path ("cards.2.question"), or null when it names no field. */
export type IssuePathMap = (path: IssuePath) => string | null;

/** Most forms send their fields under the names they show them by. */
export const samePath: IssuePathMap = (path) => (path.length ? path.join(".") : null);

export interface FieldIssue {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

export interface PlacedIssues {
  /** At most one per field: the first issue that names it. */
  fields: FieldIssue[];
  /** Issues of the request as a whole, or of a path no field of the form shows. */
  general: ApiIssue[];
}

/**
 * Places issues on the form's fields. A path is mapped with `map`, then shortened until it names a
 * field the form has (`tags.3` → `tags`); what names none stays general.
 */
export function placeIssues(
  issues: readonly ApiIssue[],
  isField: (name: string) => boolean,
  map: IssuePathMap = samePath,
): PlacedIssues {
  const fields: FieldIssue[] = [];
  const general: ApiIssue[] = [];
  for (const issue of issues) {
    const field = fieldOf(map(issue.path), isField);
    if (field === null) general.push(issue);
    else if (!fields.some((placed) => placed.field === field)) {
      fields.push({ field, key: issue.key, ...(issue.params ? { params: issue.params } : {}) });
    }
  }
  return { fields, general };
}

function fieldOf(name: string | null, isField: (name: string) => boolean): string | null {
  const parts = name ? name.split(".") : [];
  for (let length = parts.length; length > 0; length--) {
    const candidate = parts.slice(0, length).join(".");
    if (isField(candidate)) return candidate;
  }
  return null;
}
