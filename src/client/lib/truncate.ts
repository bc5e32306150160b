/** Cuts text to `max` characters (counting characters, not UTF-16 units), ending with an ellipsis. */
export function truncate(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  return `${characters.slice(0, max).join("").trimEnd()}…`;
}
