/** What to write to go from the saved tags to those chosen: the ids to add and to remove. */
export function tagChange(saved: string[], chosen: string[]): { add: string[]; remove: string[] } {
  return { add: chosen.filter((id) => !saved.includes(id)), remove: saved.filter((id) => !chosen.includes(id)) };
}
