/** Readings suggested by the server for card text (decision 0053); nothing is stored by asking. */

import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import { useMutation } from "@tanstack/react-query";

/** Each text with readings suggested in Anki's syntax, in the order given. */
export function useSuggestReadings() {
  return useMutation({
    mutationFn: (texts: readonly string[]) =>
      Promise.all(texts.map((text) => unwrap(api.readings.$post({ json: { text } })).then((reply) => reply.text))),
  });
}
