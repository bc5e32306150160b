import { useNeedsConnection } from "@client/components/needs-connection";
import { useAuthDialog } from "@client/core/session/auth-dialog";
import { useSession } from "@client/core/session/session";
import { lazyComponent } from "@client/lib/lazy";
import type { CourseDetail } from "@shared/schemas/course";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { StarButton } from "./star-button";

const FollowToggle = lazyComponent(() => import("./follow-toggle").then((module) => module.FollowToggle));

/** A star that follows or unfollows the course; visitors are asked to sign in. */
export function FollowStar({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { openSignInPrompt } = useAuthDialog();
  const following = course.viewer?.following ?? false;
  const write = useNeedsConnection();
  if (user && write.offline)
    return (
      <>
        <StarButton following={following} disabled describedBy={write.control["aria-describedby"]} /> {write.reason}
      </>
    );
  if (!user) return <StarButton following={false} onClick={() => openSignInPrompt(t("follow.sign_in_to_follow"))} />;
  // The writing part loads for signed-in people only; until then the star shows, unpressable.
  return (
    <Suspense fallback={<StarButton following={following} disabled />}>
      <FollowToggle course={course} />
    </Suspense>
  );
}
