/**
 * The worker thread that builds export files (export-pool.ts, decision 0037). It gets the course
 * as read by the main thread and answers with the file's bytes: the text formats a few hundred
 * cards at a time, so the reply streams while the rest is written; the .apkg whole (a zip).
 */
import { parentPort } from "node:worker_threads";
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

export type ExportWorkerMessage =
  | { kind: "chunk"; bytes: Uint8Array<ArrayBuffer> }
  | { kind: "done" }
  | { kind: "error"; message: string };

const port = parentPort;
if (port) {
  const send = (bytes: Uint8Array<ArrayBuffer>) =>
    port.postMessage({ kind: "chunk", bytes } satisfies ExportWorkerMessage, [bytes.buffer]);
  port.on("message", async (job: ExportJob) => {
    try {
      if (job.format === "apkg") {
        // A copy typed as the transfer wants it (a plain ArrayBuffer underneath).
        send(new Uint8Array(await buildAnkiPackage(job.course, { site: job.site, now: new Date(job.now) })));
      } else {
        const encoder = new TextEncoder();
        const chunks = job.format === "csv" ? csvChunks(job.course, job.site) : quizletChunks(job.course);
        for (const text of chunks) send(encoder.encode(text));
      }
      port.postMessage({ kind: "done" } satisfies ExportWorkerMessage);
    } catch (error) {
      port.postMessage({ kind: "error", message: String(error) } satisfies ExportWorkerMessage);
    }
  });
}
