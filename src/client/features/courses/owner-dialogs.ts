/**
 * The owner's tools (course form, deck editor, delete confirmation): chunks of their own, so a
 * visitor who owns nothing never downloads them. Pages preload them once the viewer turns out to
 * be the owner, so that opening one does not wait. Render them inside <Suspense>, only while open.
 */
import { lazyComponent } from "@client/lib/lazy";

export const CourseFormDialog = lazyComponent(() =>
  import("./components/course-form-dialog").then((m) => m.CourseFormDialog),
);
export const DeckEditorDialog = lazyComponent(() =>
  import("../decks/components/deck-editor-dialog").then((m) => m.DeckEditorDialog),
);
export const ConfirmByNameDialog = lazyComponent(() =>
  import("@client/components/confirm-by-name-dialog").then((m) => m.ConfirmByNameDialog),
);

export function preloadOwnerDialogs(which: "course" | "deck"): void {
  const loads = [DeckEditorDialog.preload(), ConfirmByNameDialog.preload()];
  if (which === "course") loads.push(CourseFormDialog.preload());
  // A failure shows (and is retried) when a dialog is opened.
  Promise.all(loads).catch(() => {});
}
