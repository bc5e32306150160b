/**
 * Shared dialogs that only some people open (an owner deleting a course or a deck): chunks of
 * their own, loaded when first drawn or preloaded (lib/lazy.ts). Render them inside <Suspense>.
 */
import { lazyComponent } from "@client/lib/lazy";

export const ConfirmByNameDialog = lazyComponent(() =>
  import("./confirm-by-name-dialog").then((m) => m.ConfirmByNameDialog),
);

/** "Card display": readings, reading aloud and voices (decision 0052). */
export const CardDisplayDialog = lazyComponent(() => import("./card-display-dialog").then((m) => m.CardDisplayDialog));
