import { Button } from "@client/components/button";
import { ConfirmByNameDialog } from "@client/components/lazy-dialogs";
import { useNeedsConnection } from "@client/components/needs-connection";
import { DeckEditorDialog } from "@client/features/decks/components/owner-dialogs";
import { notify } from "@client/lib/notify";
import { useLocalePath } from "@client/lib/use-language";
import { COURSE_MAX_DECKS } from "@shared/limits";
import type { CourseDetail } from "@shared/schemas/course";
import { Suspense, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useDeleteCourse } from "../api/delete-course";
import { CourseFormDialog, preloadOwnerDialogs } from "../owner-dialogs";
import styles from "../routes/course-page.module.css";
import { ImportLink } from "./import-link";

/** The owner's tools on a course page: its own chunk, so that visitors and learners never load it. */
export function OwnerActions({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const deleteCourse = useDeleteCourse();
  const [open, setOpen] = useState<"edit" | "delete" | "deck" | null>(null);
  const close = () => setOpen(null);
  useEffect(() => preloadOwnerDialogs(), []);
  const write = useNeedsConnection();
  // A course holds at most COURSE_MAX_DECKS decks (decision 0037): at the cap the button says why
  // it is off. The cap on cards is said by the deck editor when the server refuses the deck.
  const fullId = useId();
  const full = course.decks.length >= COURSE_MAX_DECKS;

  return (
    <div className={styles.actions}>
      <Button
        onClick={() => setOpen("deck")}
        {...write.control}
        {...(full && { disabled: true, "aria-describedby": fullId })}
      >
        {t("course.create_deck")}
      </Button>
      <ImportLink courseId={course.id} />
      <Button variant="secondary" onClick={() => setOpen("edit")} {...write.control}>
        {t("course.edit")}
      </Button>
      <Button variant="secondary" onClick={() => setOpen("delete")} {...write.control}>
        {t("course.delete")}
      </Button>
      {write.reason}
      {full && (
        <span id={fullId} className={styles.reason}>
          {t("validation.course_decks_full")}
        </span>
      )}

      <Suspense fallback={null}>
        {open === "deck" && <DeckEditorDialog open onClose={close} target={{ kind: "create", courseId: course.id }} />}
        {open === "edit" && <CourseFormDialog open onClose={close} course={course} />}
        {open === "delete" && (
          <ConfirmByNameDialog
            open
            onClose={close}
            title={t("course.delete_title")}
            name={course.name}
            mismatchMessage={t("validation.course_name_does_not_match")}
            confirmLabel={t("course.delete")}
            onConfirm={async () => {
              try {
                await deleteCourse.mutateAsync(course.id);
                notify.success(t("course.course_deleted_successfully"));
                navigate(localePath("/home"));
              } catch (failure) {
                console.error(failure); // the spec only logs it; the dialog stays open to try again
                notify.error(t("errors.internal"));
              }
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
