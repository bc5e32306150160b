/**
 * kuromoji with its IPADIC dictionary (decision 0053), loaded once per worker thread on its first
 * use. The dictionary (18 MB of gzipped files) is read from the package's own folder, which is why
 * the server bundle keeps kuromoji as a package of its own (scripts/build.mjs).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import kuromoji from "kuromoji";
import type { Word } from "./reading-alignment";

type Tokenizer = kuromoji.Tokenizer<kuromoji.IpadicFeatures>;

let loading: Promise<Tokenizer> | undefined;

function loadTokenizer(): Promise<Tokenizer> {
  loading ??= new Promise<Tokenizer>((resolve, reject) => {
    const dicPath = join(dirname(createRequire(import.meta.url).resolve("kuromoji/package.json")), "dict");
    kuromoji.builder({ dicPath }).build((error, tokenizer) => (error ? reject(error) : resolve(tokenizer)));
  }).catch((error: unknown) => {
    // A failed load (a file unreadable for a moment) is tried again by the next request.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Each text's words with their readings (katakana; none for words the dictionary does not know). */
export async function analyse(texts: string[]): Promise<Word[][]> {
  const tokenizer = await loadTokenizer();
  return texts.map((text) =>
    tokenizer.tokenize(text).map(({ surface_form, reading }) =>
      // IPADIC writes "*" for a reading it does not have.
      reading && reading !== "*" ? { surface: surface_form, reading } : { surface: surface_form },
    ),
  );
}
