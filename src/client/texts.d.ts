/** A language file cut to a part of the first screens' texts (vite.config.ts, firstScreenTextsModule). */
declare module "*.json?first-screen=frame" {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module "*.json?first-screen=landing" {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module "*.json?first-screen=course" {
  const texts: Record<string, unknown>;
  export default texts;
}
