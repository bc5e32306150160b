import { buttonClass } from "@client/components/button";
import { DeferredMenu } from "@client/components/deferred-menu";
import { lazyComponent } from "@client/lib/lazy";
import type { CourseDetail } from "@shared/schemas/course";
import { useTranslation } from "react-i18next";

/** The menu (Radix's, shared with the header's menus) loads on hover, focus or first click only. */
const ExportMenu = lazyComponent(() => import("./export-menu").then((module) => module.ExportMenu));

/** "Export" on a course page: downloads of the course as CSV, Quizlet text or an Anki package. */
export function ExportButton({ course, className }: { course: Pick<CourseDetail, "id">; className?: string }) {
  const { t } = useTranslation();
  const trigger = { className: buttonClass({ variant: "secondary", size: "small" }), children: t("exports.button") };
  return (
    <div className={className}>
      <DeferredMenu
        trigger={trigger}
        preload={ExportMenu.preload}
        renderMenu={(state) => <ExportMenu {...state} trigger={trigger} courseId={course.id} />}
      />
    </div>
  );
}
