/**
 * The spec's route table (section 2). Every screen is its own chunk, loaded when its route opens.
 * Routes under /:lang go through LanguageGate, which redirects anything without a supported
 * language segment; /confirm-signup, /sign-in-link and /reset-password live outside the prefix.
 *
 * A screen that shows server data has a loader that starts its query while its code downloads
 * (decision 0018). The queries are in the first script (the typed client they use is loaded
 * with the first one), and loaders do not wait for the data: the screen keeps its own loading
 * and not-found states, and a click answers at once.
 */
import type { FetchQueryOptions, QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { createBrowserRouter, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { Loading } from "../components/loading";
import type { MyCourseList } from "../core/cache/keys";
import { sessionQuery } from "../core/session/get-session";
import { courseQuery } from "../features/courses/api/get-course";
import { deckQuery } from "../features/decks/api/get-deck";
import { mostFollowedCoursesQuery } from "../features/landing/api/get-most-followed-courses";
import { courseCardsQuery } from "../features/study/api/get-course-cards";
import { addFirstScreenTexts, loadAllTexts } from "../lib/i18n";
import { AppShell, type RouteHandle } from "./app-shell";
import { ErrorPage } from "./error-page";
import { LogoMark } from "./header";
import { LanguageGate, LanguageRedirect } from "./language-gate";

type ScreenModule<K extends string> = { [name in K]: ComponentType };

/** A route's screen, loaded when the route opens: its code and every text (lib/first-screen-texts.ts). */
function screen<K extends string>(load: () => Promise<ScreenModule<K>>, name: K) {
  return async () => {
    const [module] = await Promise.all([load(), loadAllTexts()]);
    return { Component: module[name] };
  };
}

/** The landing and course pages: the frame's texts come with the first script, theirs with their code. */
function firstScreen<K extends string>(
  load: () => Promise<ScreenModule<K> & { firstScreenTexts: Record<string, unknown> }>,
  name: K,
) {
  return async () => {
    const module = await load();
    addFirstScreenTexts(module.firstScreenTexts);
    return { Component: module[name] };
  };
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes(queryClient));
}

export function routes(queryClient: QueryClient): RouteObject[] {
  /** A loader that starts a screen's query and returns at once. */
  const prefetch =
    // biome-ignore lint/suspicious/noExplicitAny: any query's options
      (options: (args: LoaderFunctionArgs) => FetchQueryOptions<any, any, any, any> | false): LoaderFunction =>
      (args) => {
        const query = options(args);
        if (query) void queryClient.prefetchQuery(query);
        return null;
      };
  /**
   * Personal data, once the session check (started by the root loader) says who is signed in. Its
   * query options come as a small chunk of their own (they are not needed on the first screen).
   */
  const whenSignedIn =
    (start: (args: LoaderFunctionArgs) => Promise<unknown>): LoaderFunction =>
    (args) => {
      void queryClient.ensureQueryData(sessionQuery()).then((user) => user && start(args), console.error);
      return null;
    };
  const myList = (list: MyCourseList) =>
    whenSignedIn(async ({ request }) => {
      const { listSort, myCourseListQuery } = await import("../features/courses/api/my-course-list-query");
      return queryClient.prefetchInfiniteQuery(myCourseListQuery(list, listSort(new URL(request.url).searchParams)));
    });

  const deckRoutes: RouteObject[] = [
    { index: true, lazy: screen(() => import("../features/decks/routes/deck-page"), "DeckPage") },
    {
      path: "study",
      lazy: screen(() => import("../features/study/routes/study-hub-page"), "StudyHubPage"),
    },
    {
      path: "flashcards",
      lazy: screen(() => import("../features/study/routes/flashcards-page"), "FlashcardsPage"),
    },
    {
      path: "tile_game",
      lazy: screen(() => import("../features/study/routes/tile-game-page"), "TileGamePage"),
    },
    {
      path: "multiple_choice",
      lazy: screen(() => import("../features/study/routes/multiple-choice-page"), "MultipleChoicePage"),
    },
    {
      path: "matching",
      lazy: screen(() => import("../features/study/routes/matching-page"), "MatchingPage"),
    },
    // Typed answers; WanaKana and the answer checker ride in this chunk only (decision 0051).
    { path: "write", lazy: screen(() => import("../features/study/routes/write-page"), "WritePage") },
    { path: "test", lazy: screen(() => import("../features/study/routes/test-page"), "TestPage") },
    // Any card, due or not, with nothing written to the schedule (#23 item 4).
    {
      path: "practice",
      lazy: screen(() => import("../features/study/routes/practice-page"), "DeckPracticePage"),
    },
  ];

  const languageRoutes: RouteObject[] = [
    {
      index: true,
      handle: { fitScreen: true } satisfies RouteHandle,
      loader: prefetch(() => mostFollowedCoursesQuery()),
      lazy: firstScreen(() => import("../features/landing/routes/landing-page"), "LandingPage"),
    },
    {
      path: "home",
      loader: whenSignedIn(async () =>
        queryClient.prefetchQuery((await import("../features/home/api/get-home-lists")).homeListsQuery()),
      ),
      lazy: screen(() => import("../features/home/routes/home-page"), "HomePage"),
    },
    // Where a password reset ends: the user home with the sign-in dialog open (design brief).
    {
      path: "signin",
      lazy: screen(() => import("../features/home/routes/sign-in-page"), "SignInPage"),
    },
    {
      path: "my_courses",
      loader: myList("courses"),
      lazy: screen(() => import("../features/courses/routes/my-courses-page"), "MyCoursesPage"),
    },
    {
      path: "courses_in_progress",
      loader: myList("in-progress"),
      lazy: screen(() => import("../features/courses/routes/courses-in-progress-page"), "CoursesInProgressPage"),
    },
    {
      path: "followed_courses",
      loader: myList("followed"),
      lazy: screen(() => import("../features/courses/routes/followed-courses-page"), "FollowedCoursesPage"),
    },
    {
      path: "courses/:courseId",
      loader: prefetch(({ params }) => courseQuery(params.courseId ?? "")),
      lazy: firstScreen(() => import("./pages/course-page"), "CoursePage"),
    },
    // Every card of the course, due or not, with nothing written to the schedule (#23 item 4).
    {
      path: "courses/:courseId/practice",
      loader: prefetch(({ params }) => courseCardsQuery(params.courseId ?? "")),
      lazy: screen(() => import("../features/study/routes/practice-page"), "CoursePracticePage"),
    },
    // The deck page and every study mode show the same deck.
    {
      path: "courses/:courseId/decks/:deckId",
      loader: prefetch(({ params }) => deckQuery(params.deckId ?? "")),
      children: deckRoutes,
    },
    {
      path: "review",
      loader: whenSignedIn(async ({ request }) => {
        const { reviewQueueQuery } = await import("../features/reviews/api/get-review-queue");
        const course = Number(new URL(request.url).searchParams.get("course"));
        return queryClient.prefetchQuery(reviewQueueQuery(Number.isInteger(course) && course > 0 ? course : undefined));
      }),
      lazy: screen(() => import("../features/reviews/routes/review-page"), "ReviewPage"),
    },
    {
      path: "stats",
      loader: whenSignedIn(async ({ request }) => {
        const { statsQuery } = await import("../features/stats/api/get-stats");
        const course = Number(new URL(request.url).searchParams.get("course"));
        return queryClient.prefetchQuery(statsQuery(Number.isInteger(course) && course > 0 ? course : undefined));
      }),
      // Chart.js rides in this chunk only (decision 0022).
      lazy: screen(() => import("../features/stats/routes/stats-page"), "StatsPage"),
    },
    // Quizlet, CSV and Anki import; its parsers, worker and sql.js load only here (decision 0026).
    { path: "import", lazy: screen(() => import("../features/imports/routes/import-page"), "ImportPage") },
    {
      path: "search",
      loader: ({ request }) => {
        const q = new URL(request.url).searchParams.get("q")?.trim();
        if (q)
          void import("../features/search/api/search-courses").then((m) => queryClient.prefetchQuery(m.searchQuery(q)));
        return null;
      },
      lazy: screen(() => import("../features/search/routes/search-page"), "SearchPage"),
    },
    {
      path: "offline",
      lazy: screen(() => import("../features/offline/routes/kept-offline-page"), "KeptOfflinePage"),
    },
    { path: "*", lazy: screen(() => import("./not-found-page"), "NotFoundPage") },
  ];

  return [
    {
      Component: AppShell,
      ErrorBoundary: ErrorPage,
      // Shown while the first screen's code loads.
      HydrateFallback: StartingUp,
      // Every screen asks who is signed in: ask while the screen's code downloads, not after.
      loader: prefetch(() => sessionQuery()),
      children: [
        {
          // A pathless layer so that a failing page shows the error page inside the header and footer.
          ErrorBoundary: ErrorPage,
          children: [
            { path: "/", Component: LanguageRedirect },
            {
              path: "/confirm-signup",
              lazy: screen(() => import("../features/accounts/routes/confirm-signup-page"), "ConfirmSignupPage"),
            },
            {
              path: "/sign-in-link",
              lazy: screen(() => import("../features/accounts/routes/sign-in-link-page"), "SignInLinkPage"),
            },
            {
              path: "/reset-password",
              lazy: screen(() => import("../features/accounts/routes/reset-password-page"), "ResetPasswordPage"),
            },
            { path: "/:lang", Component: LanguageGate, children: languageRoutes },
            { path: "*", Component: LanguageRedirect },
          ],
        },
      ],
    },
  ];
}

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
