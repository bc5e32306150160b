/**
 * The import's body read and validated off the main thread (decision 0036): up to 8 MB of JSON
 * costs a few hundred milliseconds to decode, parse, scan and validate when shaped to be costly.
 * Only the text of a body that passed goes back: the route parses it again (Hono's validators read
 * the text), which the value count keeps short, and validates it, which the schema keeps short.
 */
import { type ApiIssue, issuesFromZod } from "@shared/errors";
import { IMPORT_MAX_JSON_VALUES, importInput } from "@shared/schemas/imports";
import { type JsonProblem, readJson } from "./json-body";

export const WORKER_SCHEMAS = { import: { schema: importInput, maxValues: IMPORT_MAX_JSON_VALUES } } as const;
export type WorkerSchema = keyof typeof WORKER_SCHEMAS;

/** Enough issues to say what to fix; a body wrong in every card would otherwise send thousands. */
const MAX_ISSUES = 100;

export type WorkerBodyCheck =
  | { ok: true; text: string }
  | { ok: false; problem: JsonProblem }
  | { ok: false; problem: "invalid"; issues: ApiIssue[] };

export default function checkJsonBody({ bytes, schema }: { bytes: Uint8Array; schema: WorkerSchema }): WorkerBodyCheck {
  const rules = WORKER_SCHEMAS[schema];
  const reading = readJson(bytes, rules.maxValues);
  if (!reading.ok) return reading;
  const result = rules.schema.safeParse(reading.value);
  if (result.success) return { ok: true, text: reading.text };
  return { ok: false, problem: "invalid", issues: issuesFromZod(result.error.issues.slice(0, MAX_ISSUES)) };
}
