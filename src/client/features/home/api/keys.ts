export const homeKeys = {
  /** The three short lists of the user home. */
  lists: ["home"] as const,
};
