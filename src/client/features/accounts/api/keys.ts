export const accountKeys = {
  session: ["session"] as const,
  profile: (userId: string) => ["profile", userId] as const,
};
