/**
 * The spec's route table (section 2). Every screen is its own chunk, loaded when its route opens.
 * Routes under /:lang go through LanguageGate, which redirects anything without a supported
 * language segment; /confirm-signup and /reset-password live outside the prefix.
 */
import { createBrowserRouter, type RouteObject } from "react-router";
import { Loading } from "../components/loading";
import { AppShell, type RouteHandle } from "./app-shell";
import { ErrorPage } from "./error-page";
import { LogoMark } from "./header";
import { LanguageGate, LanguageRedirect } from "./language-gate";

const deckRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import("../features/decks/routes/deck-page")).DeckPage }) },
  {
    path: "study",
    lazy: async () => ({ Component: (await import("../features/study/routes/study-hub-page")).StudyHubPage }),
  },
  {
    path: "flashcards",
    lazy: async () => ({ Component: (await import("../features/study/routes/flashcards-page")).FlashcardsPage }),
  },
  {
    path: "tile_game",
    lazy: async () => ({ Component: (await import("../features/study/routes/tile-game-page")).TileGamePage }),
  },
  {
    path: "multiple_choice",
    lazy: async () => ({
      Component: (await import("../features/study/routes/multiple-choice-page")).MultipleChoicePage,
    }),
  },
  {
    path: "matching",
    lazy: async () => ({ Component: (await import("../features/study/routes/matching-page")).MatchingPage }),
  },
  { path: "test", lazy: async () => ({ Component: (await import("../features/study/routes/test-page")).TestPage }) },
];

const languageRoutes: RouteObject[] = [
  {
    index: true,
    handle: { fitScreen: true } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import("../features/landing/routes/landing-page")).LandingPage }),
  },
  { path: "home", lazy: async () => ({ Component: (await import("../features/home/routes/home-page")).HomePage }) },
  // Where a password reset ends: the user home with the sign-in dialog open (design brief).
  {
    path: "signin",
    lazy: async () => ({ Component: (await import("../features/accounts/routes/sign-in-page")).SignInPage }),
  },
  {
    path: "my_courses",
    lazy: async () => ({ Component: (await import("../features/courses/routes/my-courses-page")).MyCoursesPage }),
  },
  {
    path: "courses_in_progress",
    lazy: async () => ({
      Component: (await import("../features/courses/routes/courses-in-progress-page")).CoursesInProgressPage,
    }),
  },
  {
    path: "followed_courses",
    lazy: async () => ({
      Component: (await import("../features/courses/routes/followed-courses-page")).FollowedCoursesPage,
    }),
  },
  {
    path: "courses/:courseId",
    lazy: async () => ({ Component: (await import("../features/courses/routes/course-page")).CoursePage }),
  },
  { path: "courses/:courseId/decks/:deckId", children: deckRoutes },
  {
    path: "search",
    lazy: async () => ({ Component: (await import("../features/search/routes/search-page")).SearchPage }),
  },
  { path: "*", lazy: async () => ({ Component: (await import("./not-found-page")).NotFoundPage }) },
];

export const routes: RouteObject[] = [
  {
    Component: AppShell,
    ErrorBoundary: ErrorPage,
    // Shown while the first screen's code loads.
    HydrateFallback: StartingUp,
    children: [
      {
        // A pathless layer so that a failing page shows the error page inside the header and footer.
        ErrorBoundary: ErrorPage,
        children: [
          { path: "/", Component: LanguageRedirect },
          {
            path: "/confirm-signup",
            lazy: async () => ({
              Component: (await import("../features/accounts/routes/confirm-signup-page")).ConfirmSignupPage,
            }),
          },
          {
            path: "/reset-password",
            lazy: async () => ({
              Component: (await import("../features/accounts/routes/reset-password-page")).ResetPasswordPage,
            }),
          },
          { path: "/:lang", Component: LanguageGate, children: languageRoutes },
          { path: "*", Component: LanguageRedirect },
        ],
      },
    ],
  },
];

/** While the first screen's code loads: index.html's header bar, and a loading line. */
function StartingUp() {
  return (
    <>
      <div className="boot-header" aria-hidden="true">
        <div className="boot-header-inner">
          <LogoMark />
        </div>
      </div>
      <Loading />
    </>
  );
}

export function createRouter() {
  return createBrowserRouter(routes);
}
