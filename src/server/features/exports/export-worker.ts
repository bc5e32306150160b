/**
 * The worker thread that builds export files (export-pool.ts, decision 0037), run by Piscina. It
 * gets the course as read by the main thread and posts the file's bytes on the task's port: the
 * text formats a few hundred cards at a time, so the reply streams while the rest is written; the
 * .apkg whole (a zip). A null after the last piece; a failed build rejects the task.
 */
import type { MessagePort } from "node:worker_threads";
import type { ExportFormat } from "@shared/schemas/exports";
import { buildAnkiPackage } from "./anki-package";
import type { CourseExport } from "./course-export";
import { csvChunks, quizletChunks } from "./text-formats";

export interface ExportJob {
  format: ExportFormat;
  course: CourseExport;
  /** The site's key (anki-ids.ts siteKey). */
  site: string;
  /** The export's time, milliseconds since 1970. */
  now: number;
}

export interface ExportTask {
  job: ExportJob;
  /** Where the pieces go (transferred with the task). */
  port: MessagePort;
}

/** A piece of the file, or null when it is complete. */
export type ExportPiece = Uint8Array<ArrayBuffer> | null;

export default async function buildExport({ job, port }: ExportTask): Promise<void> {
  const send = (piece: ExportPiece) => port.postMessage(piece, piece ? [piece.buffer] : []);
  if (job.format === "apkg") {
    // A copy typed as the transfer wants it (a plain ArrayBuffer underneath).
    send(new Uint8Array(await buildAnkiPackage(job.course, { site: job.site, now: new Date(job.now) })));
  } else {
    const encoder = new TextEncoder();
    const chunks = job.format === "csv" ? csvChunks(job.course, job.site) : quizletChunks(job.course);
    for (const text of chunks) send(encoder.encode(text));
  }
  send(null);
}
