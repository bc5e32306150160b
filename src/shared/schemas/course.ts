import { z } from "zod";

/** Ids in paths are positive integers; anything else is a 400, not a database error. */
export const entityId = z.coerce.number().int().positive().max(2_147_483_647);

export const courseIdParams = z.object({ courseId: entityId });

export interface CourseSummary {
  id: number;
  name: string;
  description: string;
}

export interface DeckListItem {
  id: number;
  name: string;
  level: number;
}

export interface CourseDetail extends CourseSummary {
  ownerId: string;
  createdAt: string;
  tags: string[];
  decks: DeckListItem[];
}
