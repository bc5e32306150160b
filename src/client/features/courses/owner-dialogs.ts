/**
 * The course owner's tools (course form; the deck editor, to add a deck; the delete confirmation):
 * chunks of their own, so a visitor who owns nothing never downloads them. The course page
 * preloads them once the viewer turns out to be the owner, so that opening one does not wait.
 * Render them inside <Suspense>, only while open.
 */
import { preloadDeckDialogs } from "@client/features/decks/components/owner-dialogs";
import { lazyComponent } from "@client/lib/lazy";

export const CourseFormDialog = lazyComponent(() =>
  import("./components/course-form-dialog").then((m) => m.CourseFormDialog),
);

export function preloadOwnerDialogs(): void {
  preloadDeckDialogs();
  // A failure shows (and is retried) when the dialog is opened.
  CourseFormDialog.preload().catch(() => {});
}
