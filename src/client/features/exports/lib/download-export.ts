/**
 * Downloads an export with a script rather than by following the link (decision 0037): a refusal
 * (too many downloads from this address, the server busy building others) is then said in the
 * page's language instead of a failed download in the browser's list. The file is at most a course
 * at the cap (a few megabytes), held in memory only until the browser has saved it.
 */

/** The name the server gave the file: RFC 5987's `filename*` when there is one, else `filename`. */
export function downloadName(disposition: string | null): string | undefined {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;\s]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Fall back to the plain name below.
    }
  }
  return disposition?.match(/filename="([^"]*)"/i)?.[1];
}

export type ExportRefusal = "rate_limited" | "busy" | "failed";

/** Fetches `path` and saves it; answers why not when the server refused or could not be reached. */
export async function downloadExport(path: string): Promise<ExportRefusal | null> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: "same-origin" });
  } catch {
    return "failed";
  }
  if (res.status === 429) return "rate_limited";
  if (res.status === 503) return "busy";
  if (!res.ok) return "failed";
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = downloadName(res.headers.get("content-disposition")) ?? "";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return null;
}
