import { notify } from "@client/lib/notify";
import type { CourseDetail } from "@shared/schemas/course";
import { useTranslation } from "react-i18next";
import { useToggleFollow } from "../api/toggle-follow";
import { StarButton } from "./star-button";

/** The star for a signed-in person: follows or unfollows. Its own chunk (visitors only get asked to sign in). */
export function FollowToggle({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const toggle = useToggleFollow(course.id);
  const following = course.viewer?.following ?? false;
  return (
    <StarButton
      following={following}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(!following, { onError: () => notify.error(t("errors.internal")) })}
    />
  );
}
