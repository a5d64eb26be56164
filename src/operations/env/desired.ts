import { parseVariables, validateVariables, type DesiredVariable } from './variables.js';

/** Shorter pieces of a multi-line value would mask ordinary words all over the log. */
const SHORTEST_MASKED_LINE = 4;

/**
 * The variables both inputs ask for, checked against every rule (each input alone, then both
 * together: duplicates across them, the project-wide total). Throws a VariablesInputError naming the
 * input and line of the first problem, never a value.
 */
export function desiredVariables(privateText: string, publicText: string): DesiredVariable[] {
  const all = [...parseVariables(privateText, 'variables'), ...parseVariables(publicText, 'public-variables')];
  validateVariables(all);
  return all;
}

/**
 * Every string to register as a secret so that no value can reach the log: each value whole, as the
 * service stores it (stripped), and each line of a multi-line value, because the runner masks the
 * log line by line and a whole multi-line secret never matches one line.
 */
export function valuesToMask(variables: DesiredVariable[]): string[] {
  const secrets = new Set<string>();
  for (const { value } of variables) {
    if (value.trim() === '') continue;
    secrets.add(value);
    secrets.add(value.trim());
    if (!value.includes('\n')) continue;
    for (const line of value.split('\n')) {
      const piece = line.trim();
      if (piece.length >= SHORTEST_MASKED_LINE) secrets.add(piece);
    }
  }
  return [...secrets];
}
