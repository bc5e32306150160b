/**
 * A course page: the courses feature's page with what other features add to it (the follow star,
 * the export button, a learner's progress, keeping the course offline). Composed here, so that the
 * courses feature imports none of them (decision 0043).
 */
import { type CoursePageParts, CoursePage as CourseScreen } from "@client/features/courses/routes/course-page";
import { ExportButton } from "@client/features/exports/components/export-button";
import { FollowStar } from "@client/features/follows/components/follow-star";
import { KeepOfflineSwitch } from "@client/features/offline/components/keep-offline-switch";
import { lazyComponent } from "@client/lib/lazy";

/** This page's English texts come with its code, not with the first script (lib/first-screen-texts.ts). */
export { default as firstScreenTexts } from "@shared/i18n/en.json?first-screen=course";

const parts: CoursePageParts = {
  FollowStar,
  ExportButton,
  // Only signed-in learners have progress: visitors do not download it.
  Progress: lazyComponent(() =>
    import("@client/features/reviews/components/course-progress").then((module) => module.CourseProgress),
  ),
  KeepOffline: KeepOfflineSwitch,
};

export function CoursePage() {
  return <CourseScreen parts={parts} />;
}
