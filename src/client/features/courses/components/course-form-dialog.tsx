import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import styles from "@client/components/form.module.css";
import { FormAlert, useFormErrors } from "@client/components/form-alert";
import { TextAreaField, TextField } from "@client/components/text-field";
import { ApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { useLocalePath } from "@client/lib/use-language";
import { issuesFromZod } from "@shared/errors";
import { courseInput } from "@shared/schemas/course";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSaveCourse } from "../api/save-course";
import { TagInput } from "./tag-input";

interface CourseFormDialogProps {
  open: boolean;
  onClose(): void;
  /** Given: edit this course. Absent: create one. */
  course?: { id: number; name: string; description: string; tags: string[] };
}

export function CourseFormDialog({ open, onClose, course }: CourseFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={course ? t("course_form.edit_title") : t("course_form.create_title")}
    >
      {open && <CourseForm course={course} onDone={onClose} />}
    </Dialog>
  );
}

function CourseForm({ course, onDone }: { course?: CourseFormDialogProps["course"]; onDone(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const save = useSaveCourse(course?.id);
  const [name, setName] = useState(course?.name ?? "");
  const [description, setDescription] = useState(course?.description ?? "");
  const [tags, setTags] = useState<string[]>(course?.tags ?? []);
  const errors = useFormErrors();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = courseInput.safeParse({ name, description, tags });
    if (!parsed.success) return errors.showIssues(issuesFromZod(parsed.error.issues));
    errors.showText(null);
    try {
      const { id } = await save.mutateAsync(parsed.data);
      if (course) {
        notify.success(t("course_form.updated"));
        onDone();
      } else {
        onDone();
        navigate(localePath(`/courses/${id}`), { state: { courseName: parsed.data.name } });
      }
    } catch (failure) {
      console.error(failure);
      if (failure instanceof ApiError && failure.issues.length) {
        errors.showIssues(failure.issues);
      } else if (failure instanceof ApiError && failure.code === "unauthenticated") {
        notify.error(course ? t("course_form.login_to_edit") : t("course_form.login_to_create"));
      } else {
        notify.error(course ? t("course_form.update_failed") : t("course_form.create_failed"));
      }
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert message={errors.alert} />
      <TextField
        label={t("course_form.name")}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.fieldError("name")}
        required
      />
      <TextAreaField
        label={t("course_form.description")}
        error={errors.fieldError("description")}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <TagInput tags={tags} onChange={setTags} />
      <Button type="submit" disabled={save.isPending}>
        {course ? t("course_form.save") : t("course_form.create")}
      </Button>
    </form>
  );
}
