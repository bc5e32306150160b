/**
 * Shared dialogs that only some people open (an owner deleting a course or a deck): chunks of
 * their own, loaded when first drawn or preloaded (lib/lazy.ts). Render them inside <Suspense>.
 */
import { lazyComponent } from "@client/lib/lazy";

export const ConfirmByNameDialog = lazyComponent(() =>
  import("./confirm-by-name-dialog").then((m) => m.ConfirmByNameDialog),
);
