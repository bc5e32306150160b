import { Button } from "@client/components/button";
import { ConfirmByNameDialog } from "@client/components/lazy-dialogs";
import { useNeedsConnection } from "@client/components/needs-connection";
import { DeckEditorDialog } from "@client/features/decks/components/owner-dialogs";
import { notify } from "@client/lib/notify";
import { useLocalePath } from "@client/lib/use-language";
import { COURSE_MAX_CARDS, COURSE_MAX_DECKS, DECK_MIN_CARDS } from "@shared/limits";
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
  // A course holds at most COURSE_MAX_DECKS decks and COURSE_MAX_CARDS cards (decision 0037): when
  // no new deck fits (too little room for even DECK_MIN_CARDS cards), the button says why it is off.
  // The server refuses such a deck anyway; a deck list kept offline may lack counts (then 0).
  const fullId = useId();
  const cardsFit = COURSE_MAX_CARDS - course.decks.reduce((sum, deck) => sum + (deck.cardCount ?? 0), 0);
  const full = course.decks.length >= COURSE_MAX_DECKS || cardsFit < DECK_MIN_CARDS;

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
          {course.decks.length >= COURSE_MAX_DECKS
            ? t("validation.course_decks_full")
            : t("validation.course_no_room_for_deck", { cardsFit: Math.max(0, cardsFit) })}
        </span>
      )}

      <Suspense fallback={null}>
        {open === "deck" && (
          <DeckEditorDialog open onClose={close} target={{ kind: "create", courseId: course.id, languages: course }} />
        )}
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
