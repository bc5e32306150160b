/**
 * A deck owner's dialogs (the deck editor, the delete confirmation): chunks of their own, so a
 * visitor who owns nothing never downloads them. The deck page preloads them once the viewer turns
 * out to be the owner; a course's owner tools open the editor too, to add a deck. Render them
 * inside <Suspense>, only while open.
 */
import { ConfirmByNameDialog } from "@client/components/lazy-dialogs";
import { lazyComponent } from "@client/lib/lazy";

export const DeckEditorDialog = lazyComponent(() => import("./deck-editor-dialog").then((m) => m.DeckEditorDialog));

export function preloadDeckDialogs(): void {
  // A failure shows (and is retried) when a dialog is opened.
  Promise.all([DeckEditorDialog.preload(), ConfirmByNameDialog.preload()]).catch(() => {});
}
