/**
 * Code that only some visitors need (dialogs, owner tools) is its own chunk, loaded the first time
 * it renders. `preload()` starts the download early (on hover, or as soon as a visitor turns out to
 * be an owner) so that opening does not wait; a failed download is tried again on the next call.
 */
import { type ComponentType, lazy } from "react";
import { loadAllTexts } from "./i18n";

// biome-ignore lint/suspicious/noExplicitAny: any component's props
export function lazyComponent<P extends ComponentType<any>>(load: () => Promise<P>) {
  let loading: Promise<P> | undefined;
  const preload = () => {
    // A dialog shows texts beyond the first screens': they arrive with its code.
    loading ??= Promise.all([load(), loadAllTexts()]).then(
      ([component]) => component,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(
    lazy(async () => ({ default: await preload() })),
    { preload },
  );
}

export type LazyComponent<P extends object> = ReturnType<typeof lazyComponent<ComponentType<P>>>;
