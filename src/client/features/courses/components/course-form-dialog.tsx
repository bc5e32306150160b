import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import styles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { interfaceCardLanguage, LanguageOptions } from "@client/components/language-options";
import { SelectField, TextAreaField, TextField } from "@client/components/text-field";
import { useSchemaForm } from "@client/components/use-schema-form";
import { ApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { useLocalePath } from "@client/lib/use-language";
import type { CardLanguage } from "@shared/card-languages";
import { courseInput } from "@shared/schemas/course";
import { type RefObject, useLayoutEffect, useRef } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSaveCourse } from "../api/save-course";
import { TagInput } from "./tag-input";

interface CourseFormDialogProps {
  open: boolean;
  onClose(): void;
  /** Given: edit this course. Absent: create one. */
  course?: {
    id: number;
    name: string;
    description: string;
    tags: string[];
    questionLanguage?: CardLanguage;
    answerLanguage?: CardLanguage;
  };
}

export function CourseFormDialog({ open, onClose, course }: CourseFormDialogProps) {
  const { t } = useTranslation();
  // The form's values as they are this instant, against those it opened with: read when asked, so a
  // field emptied just before Back counts as untouched (a rendered "dirty" flag can lag a keystroke).
  const changedNow = useRef<() => boolean>(() => false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={course ? t("course_form.edit_title") : t("course_form.create_title")}
      unsavedChanges={() => open && changedNow.current()}
    >
      {open && <CourseForm course={course} onDone={onClose} changedNow={changedNow} />}
    </Dialog>
  );
}

interface CourseFormValues {
  name: string;
  description: string;
  tags: string[];
  questionLanguage: CardLanguage;
  answerLanguage: CardLanguage;
}

const COURSE_FIELDS = new Set(["name", "description", "tags", "questionLanguage", "answerLanguage"]);

function CourseForm({
  course,
  onDone,
  changedNow,
}: {
  course?: CourseFormDialogProps["course"];
  onDone(): void;
  changedNow: RefObject<() => boolean>;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const save = useSaveCourse(course?.id);
  const fallbackLanguage = interfaceCardLanguage(i18n.language);
  const { form, formRef, fieldError, alert, showIssues, onSubmit } = useSchemaForm<CourseFormValues>(courseInput, {
    defaultValues: {
      name: course?.name ?? "",
      description: course?.description ?? "",
      tags: course?.tags ?? [],
      questionLanguage: course?.questionLanguage ?? fallbackLanguage,
      answerLanguage: course?.answerLanguage ?? fallbackLanguage,
    },
    isField: (name) => COURSE_FIELDS.has(name),
  });
  useLayoutEffect(() => {
    const opened = JSON.stringify(form.getValues());
    changedNow.current = () => JSON.stringify(form.getValues()) !== opened;
    return () => {
      changedNow.current = () => false;
    };
  }, [form, changedNow]);

  const submit = onSubmit(async (values) => {
    const input = courseInput.parse(values);
    try {
      const { id } = await save.mutateAsync(input);
      changedNow.current = () => false; // saved: nothing is left unsaved
      if (course) {
        notify.success(t("course_form.updated"));
        onDone();
      } else {
        notify.success(t("forms.course_created"));
        onDone();
        navigate(localePath(`/courses/${id}`), { state: { courseName: input.name } });
      }
    } catch (failure) {
      console.error(failure);
      if (failure instanceof ApiError && failure.issues.length) {
        showIssues(failure.issues);
      } else if (failure instanceof ApiError && failure.code === "unauthenticated") {
        notify.error(course ? t("course_form.login_to_edit") : t("course_form.login_to_create"));
      } else {
        notify.error(course ? t("course_form.update_failed") : t("course_form.create_failed"));
      }
    }
  });

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <FormAlert message={alert} />
      <TextField label={t("course_form.name")} {...form.register("name")} error={fieldError("name")} required />
      <TextAreaField
        label={t("course_form.description")}
        {...form.register("description")}
        error={fieldError("description")}
      />
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <TagInput tags={field.value} onChange={field.onChange} error={fieldError("tags")} name={field.name} />
        )}
      />
      <div className={styles.row}>
        <SelectField
          label={t("course_form.question_language")}
          {...form.register("questionLanguage")}
          error={fieldError("questionLanguage")}
        >
          <LanguageOptions />
        </SelectField>
        <SelectField
          label={t("course_form.answer_language")}
          {...form.register("answerLanguage")}
          error={fieldError("answerLanguage")}
        >
          <LanguageOptions />
        </SelectField>
      </div>
      <Button type="submit" disabled={save.isPending}>
        {course ? t("course_form.save") : t("course_form.create")}
      </Button>
    </form>
  );
}
