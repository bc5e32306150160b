/** A language file cut to the first screens' texts (vite.config.ts, firstScreenTextsModule). */
declare module "*.json?first-screens" {
  const texts: Record<string, unknown>;
  export default texts;
}
