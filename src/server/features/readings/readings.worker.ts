/**
 * The worker thread that analyses card text for reading suggestions (readings-pool.ts, decision
 * 0053), run by Piscina: loading the dictionary takes about a second of CPU and a few hundred MB,
 * which must not hold the server's event loop or sit in its heap.
 */
import { analyse } from "./analyser";
import type { Word } from "./reading-alignment";

export default function analyseTexts({ texts }: { texts: string[] }): Promise<Word[][]> {
  return analyse(texts);
}
