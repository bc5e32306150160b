import { useAuthDialog } from "@client/features/accounts/components/auth-dialog";
import { useSession } from "@client/features/accounts/session";
import { notify } from "@client/lib/notify";
import type { CourseDetail } from "@shared/schemas/course";
import { useTranslation } from "react-i18next";
import { useToggleFollow } from "../api/toggle-follow";
import styles from "./follow-star.module.css";

/** A star that follows or unfollows the course; visitors are asked to sign in. */
export function FollowStar({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { openSignInPrompt } = useAuthDialog();
  const toggle = useToggleFollow(course.id);
  const following = course.viewer?.following ?? false;

  const onClick = () => {
    if (!user) return openSignInPrompt(t("follow.sign_in_to_follow"));
    toggle.mutate(!following, { onError: () => notify.error(t("errors.internal")) });
  };

  return (
    <button
      type="button"
      className={styles.star}
      aria-pressed={following}
      disabled={toggle.isPending}
      onClick={onClick}
    >
      <span aria-hidden="true" className={styles.icon}>
        {following ? "★" : "☆"}
      </span>
      {following ? t("follow.following") : t("follow.follow")}
    </button>
  );
}
