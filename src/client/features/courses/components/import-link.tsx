import { buttonClass } from "@client/components/button";
import { Link } from "@client/components/link";
import { useLocalePath } from "@client/lib/use-language";
import { useTranslation } from "react-i18next";

/**
 * The way into the import page; with a course, the import adds decks to it. Here, not in the
 * imports feature: the import page lists your courses (imports uses courses), and only the course
 * lists and a course's owner tools link to it.
 */
export function ImportLink({
  courseId,
  variant = "secondary",
}: {
  courseId?: number;
  variant?: "primary" | "secondary";
}) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Link to={localePath(courseId ? `/import?course=${courseId}` : "/import")} className={buttonClass({ variant })}>
      {t("imports.open_button")}
    </Link>
  );
}
