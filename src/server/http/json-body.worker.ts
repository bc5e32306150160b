/**
 * The import's body read and validated off the main thread (decision 0036): up to 8 MB of JSON
 * costs a few hundred milliseconds to decode, parse, scan and validate when shaped to be costly.
 * Only a value that passed the schema goes back (zod keeps none of the unknown keys), so what the
 * main thread receives is bounded by the schema, whatever was sent.
 */
import { type ApiIssue, issuesFromZod } from "@shared/errors";
import { IMPORT_MAX_JSON_VALUES, importInput } from "@shared/schemas/imports";
import { type JsonProblem, readJson } from "./json-body";

export const WORKER_SCHEMAS = { import: { schema: importInput, maxValues: IMPORT_MAX_JSON_VALUES } } as const;
export type WorkerSchema = keyof typeof WORKER_SCHEMAS;

/** Enough issues to say what to fix; a body wrong in every card would otherwise send thousands. */
const MAX_ISSUES = 100;

export type WorkerBodyCheck =
  | { ok: true; value: unknown }
  | { ok: false; problem: JsonProblem }
  | { ok: false; problem: "invalid"; issues: ApiIssue[] };

export default function checkJsonBody({ bytes, schema }: { bytes: Uint8Array; schema: WorkerSchema }): WorkerBodyCheck {
  const rules = WORKER_SCHEMAS[schema];
  const reading = readJson(bytes, rules.maxValues);
  if (!reading.ok) return reading;
  const result = rules.schema.safeParse(reading.value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problem: "invalid", issues: issuesFromZod(result.error.issues.slice(0, MAX_ISSUES)) };
}
