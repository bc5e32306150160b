import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api";

export const mostFollowedCoursesQuery = () =>
  queryOptions({
    queryKey: ["courses", "most-followed"],
    queryFn: () => unwrap(api.courses["most-followed"].$get()).then((body) => body.items),
  });

export function useMostFollowedCourses() {
  return useQuery(mostFollowedCoursesQuery());
}
